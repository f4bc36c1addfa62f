import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError } from '../../http/errors';
import { getPage } from '../../pages/repository';

export const pageMessages = {
  notFound: 'Page not found',
  otherStore: "Oops... Looks like you're trying to access a page from another store",
} as const;

/** §7 pages API: reading one page. */
export function pageRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { divisionId: string; pageId: string } }>('/omnis/v3/divisions/:divisionId/pages/:pageId/', async (request) => {
    const divisionId = Number(request.params.divisionId);
    const pageId = Number(request.params.pageId);
    if (!Number.isSafeInteger(divisionId) || !Number.isSafeInteger(pageId)) throw new ApiError(404, pageMessages.notFound);
    const page = await getPage(ctx.db, pageId);
    // Unpublished pages stay hidden until accounts exist to let internal users see them (§6).
    if (!page || !page.published) throw new ApiError(404, pageMessages.notFound);
    if (page.divisionId !== divisionId) throw new ApiError(403, pageMessages.otherStore);
    // Blocks are stored complete (validated with defaults on every write), so the renderer needs no schema code.
    return page;
  });
}
