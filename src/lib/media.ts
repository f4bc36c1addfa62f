import { api } from './api';
import type { ImageTone } from '../core/legibility';

/** A file in the store's media library. */
export interface UploadResult {
  id: number;
  url: string;
  filename: string;
  contentType: string;
  size: number;
  /** The colours behind banner text, measured on upload (src/core/legibility.ts). */
  tone?: ImageTone | null;
}

export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml'];

/** Uploads a file to the store's media (POST /omnis/v3/divisions/{id}/media/, streamed as multipart). */
export async function uploadImage(divisionId: number, file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api<UploadResult>(`/omnis/v3/divisions/${divisionId}/media/`, { method: 'POST', body: form });
}
