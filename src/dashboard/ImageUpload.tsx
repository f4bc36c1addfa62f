import { useState } from 'react';
import { ApiError } from '../lib/api';
import { ACCEPTED_IMAGE_TYPES, uploadImage } from '../lib/media';
import './imageUpload.css';

const UPLOAD_FAILED = 'Oops... looks like something went wrong. Please try again.';

/**
 * A picture the owner uploads for a dashboard field (store logo, favicon, collection banner): a preview, upload
 * or replace, and remove. The file goes to the store's media library; the field keeps its address.
 */
export function ImageUpload({ id, label, divisionId, src, onChange, describedBy }: { id: string; label: string; divisionId: number; src: string; onChange: (src: string) => void; describedBy?: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setBusy(true);
    try {
      onChange((await uploadImage(divisionId, file)).url);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : UPLOAD_FAILED);
    } finally {
      setBusy(false);
    }
  };
  const errorId = `${id}-upload-error`;
  const action = `${busy ? 'Uploading' : src ? 'Replace' : 'Upload'} ${label.toLowerCase()}`;
  return (
    <div className="image-upload" aria-busy={busy || undefined}>
      <div className="image-upload__preview" data-empty={src ? undefined : ''}>
        {src ? <img src={src} alt={`${label} preview`} /> : <span>No image</span>}
      </div>
      <div className="image-upload__actions">
        <label className="button button--quiet image-upload__pick">
          {busy ? `${action}…` : action}
          <input
            id={id}
            aria-label={action}
            type="file"
            className="visually-hidden"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            disabled={busy}
            aria-describedby={[describedBy, error ? errorId : ''].filter(Boolean).join(' ') || undefined}
            onChange={(e) => {
              void onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        {src && (
          <button type="button" className="link-button" disabled={busy} onClick={() => onChange('')}>
            Remove {label.toLowerCase()}
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} role="alert" className="image-upload__error">
          {error}
        </p>
      )}
    </div>
  );
}
