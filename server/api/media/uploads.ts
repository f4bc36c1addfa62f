import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, apiMessages } from '../../http/errors';
import { requireStoreAccess } from '../../auth/guards';
import { PAGES_PERMISSION } from '../divisions/permissions';
import { measureImageTone } from '../../files/imageTone';
import type { ImageTone } from '../../../src/core/legibility';
import { isSrcsetWidth } from '../../../src/core/images';
import { chooseFormat, IMAGE_WIDTH_MESSAGE, resizedImage } from '../../files/resizeImage';
import { DIVISION_PARAMS, NAME, paramsSchema } from '../../http/routeSchemas';
import { readUploadedFile, type UploadedFile } from '../../http/uploadedFile';

/**
 * Image uploads of the page builder.
 *
 * POST /omnis/v3/divisions/{id}/media/  `multipart/form-data` with one `file` field (a browser's FormData), streamed
 *   and cut off at 5 MB. 201 → the upload; 422 naming `/file` with the §5.1 ext wording for a type that is not an
 *   image we accept, or whose bytes are not what the type says.
 * GET  /omnis/v3/divisions/{id}/media/  the store's uploads, newest first.
 * GET  /media/uploads/{id}-{slug}.{ext} the bytes, cached for a year (an upload never changes under its address).
 *   `?width=` one of the §9 srcset widths: a raster upload resized by sharp, as AVIF or WebP when the browser's
 *   Accept allows (Vary: Accept), else its own format; any other width is a 400. Vectors ignore the width.
 *
 * Bytes are kept in a bytea column (004_uploads.sql) so several app processes on one PostgreSQL server agree.
 * SVG is an active format: files with scripts, event handlers, foreign objects, embedded documents or entity
 * declarations are refused, and every upload is served with a CSP that forbids scripts and sub-resources, so
 * even an SVG opened on its own cannot run code.
 */

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Accepted types → the extension the file is served with. */
export const UPLOAD_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
} as const satisfies Record<string, string>;
type UploadType = keyof typeof UPLOAD_TYPES;

export const uploadMessages = {
  /** §5.1 ext: "Must upload the following formats: ...". */
  formats: `Must upload the following formats: ${[...new Set(Object.values(UPLOAD_TYPES))].join(', ')}`,
  tooLarge: 'Must be no larger than 5 MB',
  empty: 'The file is empty',
  unsafeSvg: 'The SVG contains scripts or embedded content and cannot be uploaded',
  filename: 'This field is required',
  notFound: apiMessages.notFound,
} as const;

export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Served with every upload: no scripts, no sub-resources; inline styles only (SVG presentation). */
export const UPLOAD_CSP = "default-src 'none'; style-src 'unsafe-inline'";

export interface Upload {
  id: number;
  url: string;
  filename: string;
  contentType: string;
  size: number;
  createdAt: string;
  /** The colours behind banner text in the picture (null when it could not be measured). */
  tone: ImageTone | null;
}

const FILE = /^(\d{1,10})-([a-z0-9-]{1,80})\.(png|jpg|webp|gif|svg)$/;

export const uploadUrl = (row: { id: number; slug: string; ext: string }) => `/media/uploads/${row.id}-${row.slug}.${row.ext}`;

/** A file name as an address segment: lower case letters, digits and dashes ("My Logo (1).PNG" → "my-logo-1"). */
export function uploadSlug(filename: string): string {
  const base = filename.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const slug = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'image';
}

/** Whether the bytes are of the claimed type (so a renamed HTML file cannot pose as a PNG). */
export function sniffMatches(type: UploadType, bytes: Buffer): boolean {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  switch (type) {
    case 'image/png':
      return starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case 'image/jpeg':
      return starts(0xff, 0xd8, 0xff);
    case 'image/gif':
      return bytes.subarray(0, 6).toString('latin1') === 'GIF87a' || bytes.subarray(0, 6).toString('latin1') === 'GIF89a';
    case 'image/webp':
      return bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
    case 'image/svg+xml':
      return /<svg[\s>]/i.test(bytes.subarray(0, 4096).toString('utf8'));
  }
}

const UNSAFE_SVG = [
  /<script[\s>/]/i,
  /<foreignObject[\s>/]/i,
  /<(iframe|embed|object|frame|frameset|applet|meta|link|base|form|input|button|textarea|audio|video|handler|listener)[\s>/]/i,
  /\son[a-z]+\s*=/i, // event handler attributes (onload, onclick, …)
  /(java|vb)script\s*:/i,
  /<!ENTITY/i, // entity expansion
  /<\?xml-stylesheet/i,
  /(xlink:)?href\s*=\s*["']?\s*(?!#|data:image\/(png|jpeg|gif|webp);)[a-z]+:/i, // external references (http:, data:text/html …)
  /@import/i,
  /url\(\s*["']?\s*(?!#|data:image\/(png|jpeg|gif|webp);)[a-z]+:/i,
];

/** SVG files may not carry anything that runs or loads: see UNSAFE_SVG. */
export function isSafeSvg(text: string): boolean {
  return !UNSAFE_SVG.some((pattern) => pattern.test(text));
}

type Params = { divisionId: number };

const invalid = (field: string, message: string) => new ApiError(422, message, { [field]: [message] });

/** Checks an uploaded file (its name, the type the browser gave and the bytes); every failure is a 422 naming its field. */
export function checkUpload(file: UploadedFile): { filename: string; type: UploadType; bytes: Buffer } {
  const filename = file.filename.trim();
  if (filename === '' || filename.length > 255) throw invalid('/filename', uploadMessages.filename);
  const contentType = file.mimetype.toLowerCase().split(';')[0]!.trim();
  if (!Object.hasOwn(UPLOAD_TYPES, contentType)) throw invalid('/file', uploadMessages.formats);
  const type = contentType as UploadType;
  const { bytes } = file;
  if (bytes.length === 0) throw invalid('/file', uploadMessages.empty);
  if (!sniffMatches(type, bytes)) throw invalid('/file', uploadMessages.formats);
  if (type === 'image/svg+xml' && !isSafeSvg(bytes.toString('utf8'))) throw invalid('/file', uploadMessages.unsafeSvg);
  return { filename, type, bytes };
}

type Row = { id: number; filename: string; slug: string; ext: string; content_type: string; size: number; created_at: string | Date; tone: ImageTone | null };

const toUpload = (r: Row): Upload => ({
  id: r.id,
  url: uploadUrl(r),
  filename: r.filename,
  contentType: r.content_type,
  size: r.size,
  createdAt: new Date(r.created_at).toISOString(),
  tone: r.tone ?? null,
});

export function uploadRoutes(app: FastifyInstance, ctx: AppContext) {
  const list = async (request: FastifyRequest<{ Params: Params }>) => {
    const { divisionId } = request.params;
    requireStoreAccess(request, divisionId, PAGES_PERMISSION);
    const { rows } = await ctx.db.query<Row>(
      'select id, filename, slug, ext, content_type, size, created_at, tone from media_uploads where division_id = $1 order by id desc limit 500',
      [divisionId],
    );
    return { data: rows.map(toUpload) };
  };
  app.get('/omnis/v3/divisions/:divisionId/media/', { schema: { params: DIVISION_PARAMS } }, list);
  app.get('/omnis/v3/divisions/:divisionId/media', { schema: { params: DIVISION_PARAMS } }, list);

  app.post<{ Params: Params }>('/omnis/v3/divisions/:divisionId/media/', { schema: { params: DIVISION_PARAMS }, config: { body: 'multipart' } }, async (request, reply) => {
    const { divisionId } = request.params;
    const user = requireStoreAccess(request, divisionId, PAGES_PERMISSION);
    const upload = await readUploadedFile(request, { maxBytes: MAX_UPLOAD_BYTES, missing: uploadMessages.filename, tooLarge: uploadMessages.tooLarge });
    const { filename, type, bytes } = checkUpload(upload);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    // Measured once here, so banners and slides can keep their text legible without reading the picture again.
    const tone = (await measureImageTone(bytes)) ?? null;
    const { rows } = await ctx.db.query<Row>(
      `insert into media_uploads (division_id, user_id, filename, slug, ext, content_type, size, sha256, bytes, tone)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       returning id, filename, slug, ext, content_type, size, created_at, tone`,
      [divisionId, user.id, filename, uploadSlug(filename), UPLOAD_TYPES[type], type, bytes.length, sha256, bytes, tone === null ? null : JSON.stringify(tone)],
    );
    return reply.status(201).send(toUpload(rows[0]!));
  });

  app.get<{ Params: { file: string }; Querystring: { width?: string } }>('/media/uploads/:file', { schema: { params: paramsSchema({ file: NAME }) } }, async (request, reply) => {
    const match = FILE.exec(request.params.file);
    if (!match) throw new ApiError(404, apiMessages.notFound);
    const widthParam = request.query.width;
    const width = widthParam === undefined ? undefined : /^\d{1,5}$/.test(widthParam) ? Number(widthParam) : NaN;
    if (width !== undefined && !isSrcsetWidth(width)) throw new ApiError(400, IMAGE_WIDTH_MESSAGE, { '/width': [IMAGE_WIDTH_MESSAGE] });
    const { rows } = await ctx.db.query<{ slug: string; ext: string; content_type: string; sha256: string; bytes: Uint8Array }>(
      'select slug, ext, content_type, sha256, bytes from media_uploads where id = $1',
      [Number(match[1])],
    );
    const row = rows[0];
    if (!row || row.slug !== match[2] || row.ext !== match[3]) throw new ApiError(404, apiMessages.notFound);
    const etag = `"${row.sha256}"`;
    reply.headers({
      'cache-control': UPLOAD_CACHE_CONTROL,
      etag,
      'x-content-type-options': 'nosniff',
      'content-security-policy': UPLOAD_CSP,
      'content-disposition': 'inline',
    });
    if (width !== undefined && row.content_type !== 'image/svg+xml') {
      const format = chooseFormat(request.headers.accept, row.content_type);
      const sizedEtag = `"${row.sha256}-${width}-${format}"`;
      reply.header('etag', sizedEtag).header('vary', 'Accept');
      if (request.headers['if-none-match'] === sizedEtag) return reply.status(304).send();
      return reply.type(`image/${format}`).send(await resizedImage(row.sha256, row.bytes, width, format));
    }
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(row.content_type).send(Buffer.from(row.bytes));
  });
}
