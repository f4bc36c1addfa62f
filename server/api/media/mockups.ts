import type { FastifyInstance } from 'fastify';
import { resolveStoreTheme } from '../../themes';
import { communitySvg, garmentSvg, isGarment, isHexColour, isPrint, isScene, logoSvg, parseSetParts, sceneSvg, setSvg } from '../../services/mockups';
import { ApiError, apiMessages } from '../../http/errors';
import { NAME, paramsSchema } from '../../http/routeSchemas';
import { findStore } from '../../stores';
import type { AppContext } from '../../context';

const SVG_HEADERS = { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=86400', 'x-content-type-options': 'nosniff' };

/** Generated product mockups, shoppers' photos, banner scenes and the store logo (the demo store ships no image files). */
export function mediaRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { garment: string; colour: string; print: string } }>('/media/mockup/:garment/:colour/:print', { schema: { params: paramsSchema({ garment: NAME, colour: NAME, print: NAME }) } }, async (request, reply) => {
    const { garment, colour } = request.params;
    const print = request.params.print.replace(/\.svg$/, '');
    if (!isGarment(garment) || !isHexColour(colour) || !isPrint(print)) throw new ApiError(404, apiMessages.notFound);
    return reply.headers(SVG_HEADERS).send(garmentSvg(garment, colour, print));
  });
  // A shopper's photo of a product (§3 ugcImages) for the demo store's community sections.
  app.get<{ Params: { scene: string; garment: string; colour: string; print: string } }>('/media/community/:scene/:garment/:colour/:print', { schema: { params: paramsSchema({ scene: NAME, garment: NAME, colour: NAME, print: NAME }) } }, async (request, reply) => {
    const { scene, garment, colour } = request.params;
    const print = request.params.print.replace(/\.svg$/, '');
    if (!isScene(scene) || !isGarment(garment) || !isHexColour(colour) || !isPrint(print)) throw new ApiError(404, apiMessages.notFound);
    return reply.headers(SVG_HEADERS).send(communitySvg(scene, garment, colour, print));
  });
  // A bundle's picture: its garments side by side (/media/set/tshirt.b7b9bc.mountain+tote.f5f3ec.sun.svg).
  app.get<{ Params: { parts: string } }>('/media/set/:parts', { schema: { params: paramsSchema({ parts: { type: 'string', minLength: 1, maxLength: 1000 } }) } }, async (request, reply) => {
    const parts = parseSetParts(request.params.parts.replace(/\.svg$/, ''));
    if (!parts) throw new ApiError(404, apiMessages.notFound);
    return reply.headers(SVG_HEADERS).send(setSvg(parts));
  });
  app.get<{ Params: { scene: string } }>('/media/scene/:scene', { schema: { params: paramsSchema({ scene: NAME }) } }, async (request, reply) => {
    const scene = request.params.scene.replace(/\.svg$/, '');
    if (!isScene(scene)) throw new ApiError(404, apiMessages.notFound);
    return reply.headers(SVG_HEADERS).send(sceneSvg(scene));
  });
  app.get<{ Querystring: { tone?: string } }>('/media/logo.svg', async (request, reply) => {
    const store = await findStore(ctx.db, { host: request.hostname });
    if (!store) throw new ApiError(404, apiMessages.notFound);
    // Drawn in the theme's logo text colour so it reads on the menu bar, or (tone=page) in the text colour
    // for screens where it sits on the page background.
    const theme = await resolveStoreTheme(ctx, store);
    const colour = theme.properties[request.query.tone === 'page' ? 'text.color' : 'logo.text.color'];
    const logo = logoSvg(store.company.name, typeof colour === 'string' && /^#[0-9a-f]{3,8}$/i.test(colour) ? colour : undefined);
    return reply.headers({ ...SVG_HEADERS, 'cache-control': 'public, max-age=300' }).send(logo);
  });
}
