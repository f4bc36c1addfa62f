import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors';

/** A multipart body that ends early or is malformed. */
export const UPLOAD_UNREADABLE = 'The upload could not be read: send the file again';

/** The one file of a multipart upload, read into memory up to the route's own cap. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  bytes: Buffer;
}

export interface UploadLimits {
  /** Bytes a file of this route may have; a larger one is cut off while streaming, never read whole. */
  maxBytes: number;
  /** The message when the request carries no file. */
  missing: string;
  /** The message when the file is over `maxBytes`. */
  tooLarge: string;
}

/**
 * Reads the file field of a `multipart/form-data` request (what a browser's FormData sends). A missing or oversized
 * file is a 422 naming `/file`, so the form shows it beside the file picker; an unreadable body is a 400.
 */
export async function readUploadedFile(request: FastifyRequest, limits: UploadLimits): Promise<UploadedFile> {
  const fail = (message: string) => new ApiError(422, message, { '/file': [message] });
  if (!request.isMultipart()) throw fail(limits.missing);
  try {
    const file = await request.file({ limits: { fileSize: limits.maxBytes, files: 1, fields: 0 } });
    if (!file) throw fail(limits.missing);
    const bytes = await file.toBuffer();
    return { filename: file.filename ?? '', mimetype: file.mimetype ?? '', bytes };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fail(limits.tooLarge);
    // A body cut short, without a boundary or not multipart inside: the sender's fault, said plainly.
    throw new ApiError(400, UPLOAD_UNREADABLE);
  }
}
