import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, apiMessages } from '../../http/errors';
import { findStore } from '../../stores';
import { STORE_NOT_FOUND } from '../../catalogue/division';
import { ID, NAME, TOKEN, paramsSchema } from '../../http/routeSchemas';
import { readUploadedFile } from '../../http/uploadedFile';
import { requireAllowance } from '../../auth/rateLimit';
import { uploadSlug, uploadUrl } from '../media/uploads';
import { ARTWORK_TYPES, MAX_ARTWORK_BYTES, artworkMessages, checkArtwork } from '../../products/artwork';
import { addItem, loadBasket, resolveBasket, toBasketList } from '../../commerce/basket';
import { requireInternal } from '../../auth/guards';
import { garmentTemplate, MOCKUP_SIZE } from '../../products/mockups';
import { loadDesign, saveDesignProduct, studioGarments, type DesignInput } from '../../studio/designs';
import { fontFileOf, renderSide } from '../../studio/render';
import { fontMetrics } from '../../studio/textOutlines';
import { garmentSvg, isGarment, isHexColour } from '../../services/mockups';
import { uploadLoader } from '../../studio/printFiles';
import {
  AREA_BOXES,
  MAX_LAYERS_PER_SIDE,
  MAX_TEXT_LENGTH,
  STUDIO_AREAS,
  STUDIO_COLOURS,
  STUDIO_FONTS,
  isStudioArea,
  printSize,
  studioGarmentOf,
  type StudioFontMetrics,
  type StudioUpload,
} from '../../../src/core/studio';
import { MAX_CURVE } from '../../../src/core/curvedText';

const API = '/omnis/v3/studio';

/**
 * What one address may store through the studio within an hour (pictures are kept in the database): plenty for
 * someone designing, not for a script filling the disk.
 */
export const STUDIO_ALLOWANCE = { windowSeconds: 3600, uploadsPerIp: 40, megabytesPerIp: 200, designsPerIp: 60 } as const;
export const tooManyStudioRequests = (seconds: number) => `You have sent a lot of pictures and designs. Please try again in ${Math.ceil(seconds / 60)} minutes.`;
const FRACTION = { type: 'number', minimum: -10, maximum: 10 } as const;
const LAYER_ID = { type: 'string', minLength: 1, maxLength: 40 } as const;
const TEXT_LAYER = {
  type: 'object',
  required: ['id', 'kind', 'text', 'font', 'colour', 'size', 'x', 'y', 'rotation'],
  additionalProperties: false,
  properties: {
    id: LAYER_ID,
    kind: { const: 'text' },
    text: { type: 'string', minLength: 1, maxLength: MAX_TEXT_LENGTH },
    font: { type: 'string', minLength: 1, maxLength: 60 },
    colour: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' },
    size: { type: 'number', minimum: 0.01, maximum: 2 },
    x: FRACTION,
    y: FRACTION,
    rotation: { type: 'number', minimum: -360, maximum: 360 },
    curve: { type: 'number', minimum: -MAX_CURVE, maximum: MAX_CURVE },
    locked: { type: 'boolean' },
  },
} as const;
const CLIP_ART_LAYER = {
  type: 'object',
  required: ['id', 'kind', 'art', 'colour', 'width', 'x', 'y', 'rotation'],
  additionalProperties: false,
  properties: {
    id: LAYER_ID,
    kind: { const: 'clipart' },
    // The name is checked against the catalogue after the schema, with a message naming it.
    art: { type: 'string', minLength: 1, maxLength: 40 },
    colour: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' },
    width: { type: 'number', minimum: 0.01, maximum: 3 },
    x: FRACTION,
    y: FRACTION,
    rotation: { type: 'number', minimum: -360, maximum: 360 },
    locked: { type: 'boolean' },
  },
} as const;
const IMAGE_LAYER = {
  type: 'object',
  required: ['id', 'kind', 'uploadId', 'src', 'pixelWidth', 'pixelHeight', 'width', 'x', 'y', 'rotation'],
  additionalProperties: false,
  properties: {
    id: LAYER_ID,
    kind: { const: 'image' },
    uploadId: ID,
    src: { type: 'string', maxLength: 400 },
    pixelWidth: { type: 'integer', minimum: 1, maximum: 100000 },
    pixelHeight: { type: 'integer', minimum: 1, maximum: 100000 },
    width: { type: 'number', minimum: 0.01, maximum: 3 },
    x: FRACTION,
    y: FRACTION,
    rotation: { type: 'number', minimum: -360, maximum: 360 },
    locked: { type: 'boolean' },
  },
} as const;
const SIDE = { type: 'array', maxItems: MAX_LAYERS_PER_SIDE, items: { oneOf: [TEXT_LAYER, IMAGE_LAYER, CLIP_ART_LAYER] } } as const;
const DESIGN_BODY = {
  type: 'object',
  required: ['garmentId', 'colour', 'size', 'design'],
  additionalProperties: false,
  properties: {
    garmentId: ID,
    colour: { type: 'string', minLength: 1, maxLength: 100 },
    size: { type: 'string', minLength: 1, maxLength: 50 },
    design: {
      type: 'object',
      required: ['sides'],
      additionalProperties: false,
      properties: { sides: { type: 'object', additionalProperties: false, properties: Object.fromEntries(STUDIO_AREAS.map((a) => [a, SIDE])) } },
    },
  },
} as const;

/** Ascent and descent of each studio font, read from the files the print files are drawn with. */
let metricsOfFonts: Record<string, StudioFontMetrics> | null = null;
const studioFontMetrics = () =>
  (metricsOfFonts ??= Object.fromEntries(STUDIO_FONTS.flatMap((family) => {
    const file = fontFileOf(family);
    return file ? [[family, fontMetrics(file)]] : [];
  })));

/**
 * The studio's API (§1, §2.2 /studio/):
 *
 * GET  /omnis/v3/studio/garments/         garments of the store a shopper can design on, fonts (with their metrics) and ink colours
 * POST /omnis/v3/studio/uploads/          multipart picture (PNG, JPEG, SVG), checked like artwork; small ones are kept (the editor warns)
 * POST /omnis/v3/studio/designs/          saves the design as a custom product and adds it to the basket in the chosen size
 * GET  /omnis/v3/studio/designs/{uuid}/   a saved design, to edit it again
 * GET  /media/studio-garment/{garment}/{hex}.svg  the blank garment in a colour
 * GET  /media/studio/{uuid}/{area}.png    the design drawn on the garment (basket, receipt), from the document
 * GET  /omnis/v3/atlas/print-files/{id}/  staff: a rendered print file (PNG at 300 dpi)
 *
 * Shopper routes are open to anyone in the store (like the basket); writes are CSRF-checked by the app.
 */
export function studioRoutes(app: FastifyInstance, ctx: AppContext) {
  const divisionOf = async (request: FastifyRequest): Promise<number> => {
    const store = await findStore(ctx.db, { host: request.hostname });
    if (!store?.enabled) throw new ApiError(404, STORE_NOT_FOUND);
    return store.id;
  };

  app.get(`${API}/garments/`, async (request) => ({
    garments: await studioGarments(ctx.db, await divisionOf(request)),
    fonts: STUDIO_FONTS,
    fontMetrics: studioFontMetrics(),
    colours: STUDIO_COLOURS,
  }));

  // The blank garment the editor draws on, tinted in the chosen colour (the same template the mockups use).
  app.get<{ Params: { garment: string; colour: string } }>('/media/studio-garment/:garment/:colour', { schema: { params: paramsSchema({ garment: NAME, colour: NAME }) } }, async (request, reply) => {
    const { garment } = request.params;
    const colour = request.params.colour.replace(/\.svg$/, '');
    if (!isGarment(garment) || !isHexColour(colour)) throw new ApiError(404, apiMessages.notFound);
    return reply.headers({ 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=86400', 'x-content-type-options': 'nosniff' }).send(garmentSvg(garment, colour, null));
  });

  app.post(`${API}/uploads/`, { config: { body: 'multipart' } }, async (request, reply) => {
    const divisionId = await divisionOf(request);
    const window = STUDIO_ALLOWANCE.windowSeconds;
    await requireAllowance(ctx.db, reply, { key: `studio-uploads:ip:${request.ip}`, limit: STUDIO_ALLOWANCE.uploadsPerIp, windowSeconds: window }, tooManyStudioRequests);
    const file = await readUploadedFile(request, { maxBytes: MAX_ARTWORK_BYTES, missing: artworkMessages.missing, tooLarge: artworkMessages.tooLarge });
    const megabytes = Math.max(1, Math.ceil(file.bytes.length / (1024 * 1024)));
    await requireAllowance(ctx.db, reply, { key: `studio-megabytes:ip:${request.ip}`, amount: megabytes, limit: STUDIO_ALLOWANCE.megabytesPerIp, windowSeconds: window }, tooManyStudioRequests);
    const check = await checkArtwork(file.mimetype, file.bytes, { requireResolution: false });
    // A refused file is never stored.
    if (!check.ok) throw new ApiError(422, check.message, { '/file': [check.message] });
    const filename = (file.filename || 'picture').slice(0, 200);
    const { rows } = await ctx.db.query<{ id: number; slug: string; ext: string }>(
      `insert into media_uploads (division_id, user_id, filename, slug, ext, content_type, size, sha256, bytes)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id, slug, ext`,
      [divisionId, request.auth?.id ?? null, filename, uploadSlug(filename), ARTWORK_TYPES[check.type], check.type, file.bytes.length, createHash('sha256').update(file.bytes).digest('hex'), file.bytes],
    );
    const upload: StudioUpload = { id: rows[0]!.id, src: uploadUrl(rows[0]!), width: check.width, height: check.height };
    return reply.status(201).send({ upload });
  });

  app.post<{ Body: DesignInput }>(`${API}/designs/`, { schema: { body: DESIGN_BODY } }, async (request, reply: FastifyReply) => {
    const divisionId = await divisionOf(request);
    await requireAllowance(ctx.db, reply, { key: `studio-designs:ip:${request.ip}`, limit: STUDIO_ALLOWANCE.designsPerIp, windowSeconds: STUDIO_ALLOWANCE.windowSeconds }, tooManyStudioRequests);
    const product = await saveDesignProduct(ctx.db, divisionId, request.body);
    const basket = (await resolveBasket(ctx.db, request, reply, divisionId, true))!;
    await addItem(ctx.db, basket, 'main', { productId: product.id, productColor: request.body.colour, productSize: request.body.size, quantity: 1 });
    return reply.status(201).send({ product, basket: toBasketList(await loadBasket(ctx.db, basket.id, 'main')) });
  });

  app.get<{ Params: { uuid: string } }>(`${API}/designs/:uuid/`, { schema: { params: paramsSchema({ uuid: TOKEN }) } }, async (request) => {
    const design = await loadDesign(ctx.db, await divisionOf(request), request.params.uuid);
    if (!design) throw new ApiError(404, apiMessages.notFound);
    return { design };
  });

  app.get<{ Params: { uuid: string; area: string } }>('/media/studio/:uuid/:area', { schema: { params: paramsSchema({ uuid: TOKEN, area: NAME }) } }, async (request, reply) => {
    const area = request.params.area.replace(/\.png$/, '');
    const divisionId = await divisionOf(request);
    const { rows } = await ctx.db.query<{ studio_design: { colour: string; sides: Record<string, unknown[]> }; type: string; colour_value: string | null }>(
      `select p.studio_design, p.type, (select colour_value from product_options where product_id = p.id order by position, id limit 1) as colour_value
       from products p where p.division_id = $1 and p.uuid::text = $2 and p.studio_design is not null`,
      [divisionId, request.params.uuid],
    );
    const row = rows[0];
    if (!row || !isStudioArea(area)) throw new ApiError(404, apiMessages.notFound);
    const garment = studioGarmentOf(row.type);
    const box = AREA_BOXES[garment][area];
    if (!box) throw new ApiError(404, apiMessages.notFound);
    const k = MOCKUP_SIZE / 500;
    const scale = (box.w * k) / printSize(garment, area).width;
    const side = await renderSide(garment, area, (row.studio_design.sides[area] ?? []) as never, uploadLoader(ctx.db, divisionId), scale);
    const template = await garmentTemplate(garment, (row.colour_value ?? '#ffffff').replace('#', ''));
    const png = await sharp(template).composite([{ input: side.png, left: Math.round(box.x * k), top: Math.round(box.y * k) }]).webp({ quality: 86 }).toBuffer();
    // A saved design never changes (editing saves a new one), so its picture can be cached for good.
    return reply.headers({ 'content-type': 'image/webp', 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' }).send(png);
  });

  app.get<{ Params: { id: number } }>('/omnis/v3/atlas/print-files/:id/', { schema: { params: paramsSchema({ id: ID }) } }, async (request, reply) => {
    requireInternal(request);
    const { rows } = await ctx.db.query<{ bytes: Uint8Array | null; area: string; order_id: number }>("select bytes, area, order_id from print_files where id = $1 and status = 'done'", [request.params.id]);
    const file = rows[0];
    if (!file?.bytes) throw new ApiError(404, apiMessages.notFound);
    return reply
      .headers({
        'content-type': 'image/png',
        'content-disposition': `inline; filename="order-${file.order_id}-${file.area}.png"`,
        'cache-control': 'private, max-age=3600',
        'x-content-type-options': 'nosniff',
      })
      .send(Buffer.from(file.bytes));
  });
}
