import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { ApiError, apiMessages } from '../../http/errors';
import { FONT_WEIGHTS, type FontWeight } from '../../../src/core/theme/fonts';
import { fontCatalogue, type FontCatalogue } from './catalogue';
import { NAME, paramsSchema } from '../../http/routeSchemas';

/** A year: the files of a pinned @fontsource version never change under the same URL. */
export const FONT_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const FONT_CONTENT_TYPE = 'font/woff2';

const FILE = /^(\d{3})\.woff2$/;

/**
 * GET /fonts/{family-slug}/{weight}.woff2: the self-hosted web fonts of the themes (no third-party request at
 * run time). Only whitelisted families and weights 400 and 700; anything else under /fonts/ is a JSON 404.
 */
export function fontRoutes(app: FastifyInstance, catalogue: FontCatalogue = fontCatalogue()) {
  const bytes = new Map<string, Promise<Buffer>>();
  const read = (file: string) => {
    let cached = bytes.get(file);
    if (!cached) {
      cached = fs.readFile(file);
      cached.catch(() => bytes.delete(file));
      bytes.set(file, cached);
    }
    return cached;
  };

  app.get<{ Params: { family: string; file: string } }>('/fonts/:family/:file', { schema: { params: paramsSchema({ family: NAME, file: NAME }) } }, async (request, reply) => {
    const weight = Number(FILE.exec(request.params.file)?.[1]);
    const file = FONT_WEIGHTS.includes(weight as FontWeight) ? catalogue.file(request.params.family, weight as FontWeight) : null;
    if (!file) throw new ApiError(404, apiMessages.notFound);
    return reply
      .type(FONT_CONTENT_TYPE)
      .header('cache-control', FONT_CACHE_CONTROL)
      .header('x-content-type-options', 'nosniff')
      .send(await read(file));
  });
  app.get('/fonts/*', async () => {
    throw new ApiError(404, apiMessages.notFound);
  });
}
