import { useCallback, useState } from 'react';
import type { FieldProps } from '@rjsf/utils';
import { api, ApiError } from '../../../lib/api';
import { ACCEPTED_IMAGE_TYPES, uploadImage, type UploadResult } from '../../../lib/media';
import type { PanelContext } from '../context';
import { Popover } from './Picker';
import type { ImageTone } from '../../../core/legibility';

export interface ImageValue {
  src: string;
  alt?: string;
  [key: string]: unknown;
}

export const ALT_MISSING = 'Describe the image for people who cannot see it';

/**
 * §3 image value {src, alt, …}: upload a file to the store (or reuse an earlier upload, or paste an address),
 * a preview, the alt text (asked for: screen-reader users depend on it) and remove. Theme images may be null.
 */
export function ImageField({ formData, onChange, fieldPathId, disabled, readonly, registry, schema, onFocus, onBlur }: FieldProps) {
  const divisionId = (registry.formContext as PanelContext | undefined)?.divisionId ?? null;
  const value = formData && typeof formData === 'object' ? (formData as ImageValue) : null;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [library, setLibrary] = useState<UploadResult[] | null>(null);
  const [open, setOpen] = useState(false);
  const id = fieldPathId.$id;
  const locked = disabled || readonly || busy;
  const nullable = Array.isArray(schema.type) && schema.type.includes('null');
  const set = (next: ImageValue | null | undefined) => onChange((next === null && !nullable ? undefined : next) as never, fieldPathId.path);
  // A new picture brings its own measured tone (or none: an address typed by hand is not measured).
  const choose = (src: string, tone?: ImageTone | null) => {
    const { tone: _old, ...rest } = value ?? { src };
    set({ ...rest, src, alt: value?.alt ?? '', ...(tone ? { tone } : {}) });
  };
  const onFile = async (file: File | undefined) => {
    if (!file || divisionId === null) return;
    setError(null);
    setBusy(true);
    try {
      const upload = await uploadImage(divisionId, file);
      choose(upload.url, upload.tone);
      setLibrary((l) => (l ? [upload, ...l] : l));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Oops... looks like something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  const openLibrary = useCallback(async () => {
    setOpen(true);
    if (library || divisionId === null) return;
    try {
      setLibrary((await api<{ data: UploadResult[] }>(`/omnis/v3/divisions/${divisionId}/media/`)).data);
    } catch {
      setLibrary([]);
    }
  }, [library, divisionId]);
  const close = useCallback(() => setOpen(false), []);
  return (
    <div className="panel-image" onFocus={() => onFocus(id, value)} onBlur={() => onBlur(id, value)}>
      <div className="panel-image__preview" data-empty={value?.src ? undefined : ''}>
        {value?.src ? <img src={value.src} alt={value.alt ?? ''} /> : <span>No image</span>}
      </div>
      <div className="panel-image__actions">
        <label className="panel-button" aria-disabled={locked || divisionId === null || undefined}>
          {busy ? 'Uploading…' : value?.src ? 'Replace' : 'Upload'}
          <input
            id={id}
            className="visually-hidden"
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            disabled={locked || divisionId === null}
            onChange={(e) => {
              void onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        <button type="button" className="panel-button" disabled={locked || divisionId === null} onClick={() => void openLibrary()}>
          Uploads
        </button>
        {value && (
          <button type="button" className="panel-button panel-button--quiet" disabled={locked} onClick={() => set(null)}>
            Remove
          </button>
        )}
      </div>
      <Popover open={open} onClose={close}>
        {library === null ? (
          <p className="panel-picker__status">Loading…</p>
        ) : library.length === 0 ? (
          <p className="panel-picker__status">No uploads yet</p>
        ) : (
          <ul className="panel-image__library" aria-label="Uploaded images">
            {library.map((u) => (
              <li key={u.id}>
                <button type="button" title={u.filename} onClick={() => { choose(u.url, u.tone); setOpen(false); }}>
                  <img src={u.url} alt={u.filename} loading="lazy" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </Popover>
      {error && (
        <span className="panel-field__error" role="alert">
          {error}
        </span>
      )}
      {value && (
        <>
          <label className="panel-image__alt">
            <span>Alt text</span>
            <input
              className="panel-input"
              type="text"
              maxLength={300}
              value={value.alt ?? ''}
              disabled={locked}
              aria-invalid={!value.alt?.trim() || undefined}
              onChange={(e) => set({ ...value, alt: e.target.value })}
            />
          </label>
          {!value.alt?.trim() && <span className="panel-field__hint">{ALT_MISSING}</span>}
          <details className="panel-image__address">
            <summary>Image address</summary>
            <input className="panel-input" type="text" aria-label="Image address" value={value.src} disabled={locked} onChange={(e) => choose(e.target.value)} />
          </details>
        </>
      )}
    </div>
  );
}
