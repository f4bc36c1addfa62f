import { useId, useState, type FormEvent } from 'react';
import { Popup } from '../../blocks/content/Popup';
import { api } from '../lib/api';
import { routeError } from '../auth/form/serverErrors';
import { ImageUpload } from '../dashboard/ImageUpload';
import type { DashboardPost } from '../core/api/blog';
import { snackbar, snackError } from '../app/Snackbar';

const FIELDS = ['title', 'author', 'tags', 'publishedAt', 'metaImage'] as const;
type Field = (typeof FIELDS)[number];

/** An ISO instant as the value of a datetime-local input, in the owner's own time zone. */
const localInput = (iso: string) => {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/**
 * A post's settings (title, tags, author, date, meta image) in the dashboard's blog tools. The server checks every
 * field (§5.1 wording); its messages show under their fields, anything else goes to the snackbar (§8).
 */
export function PostSettings({ divisionId, post, onClose }: { divisionId: number; post: DashboardPost; onClose: (saved: DashboardPost | null) => void }) {
  const id = useId();
  const [values, setValues] = useState({ title: post.title, author: post.author, tags: post.tags.join(', '), publishedAt: localInput(post.publishedAt), image: post.metaImage?.src ?? '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    const date = values.publishedAt ? new Date(values.publishedAt) : null;
    try {
      const { data } = await api<{ data: DashboardPost }>(`/omnis/v3/divisions/${divisionId}/blog/posts/${post.id}/`, {
        method: 'PUT',
        body: {
          title: values.title,
          author: values.author,
          tags: values.tags,
          publishedAt: date && !Number.isNaN(date.getTime()) ? date.toISOString() : values.publishedAt,
          metaImage: values.image ? { src: values.image, alt: post.metaImage?.alt || values.title } : null,
        },
      });
      snackbar.push({ code: `blog-post-saved:${post.id}`, text: 'Post settings saved', kind: 'success' });
      onClose(data);
    } catch (e) {
      const routed = routeError(e, FIELDS);
      setErrors(routed.fields as Partial<Record<Field, string>>);
      if (routed.message) snackError(e, 'blog-post-settings');
      setBusy(false);
    }
  };

  const field = (name: Exclude<Field, 'metaImage'>, label: string, props: { type?: string; hint?: string } = {}) => {
    const error = errors[name];
    const key = name === 'publishedAt' ? 'publishedAt' : name;
    return (
      <label className="blog-manager__field">
        <span>{label}</span>
        <input
          name={name}
          type={props.type ?? 'text'}
          value={values[key]}
          onChange={(e) => set(key)(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[props.hint && `${id}-${name}-hint`, error && `${id}-${name}-error`].filter(Boolean).join(' ') || undefined}
        />
        {props.hint && (
          <span className="blog-manager__hint" id={`${id}-${name}-hint`}>
            {props.hint}
          </span>
        )}
        {error && (
          <span className="blog-manager__error" id={`${id}-${name}-error`}>
            {error}
          </span>
        )}
      </label>
    );
  };

  return (
    <Popup title="Post settings" onClose={() => onClose(null)} className="post-settings">
      <form className="blog-manager__form post-settings__form" onSubmit={(e) => void submit(e)} noValidate>
        {field('title', 'Title')}
        {field('author', 'Author')}
        {field('tags', 'Tags', { hint: 'Separate tags with commas' })}
        {field('publishedAt', 'Date', { type: 'datetime-local' })}
        <div className="blog-manager__field">
          <span id={`${id}-image-label`}>Meta image</span>
          <ImageUpload id={`${id}-image`} label="Meta image" divisionId={divisionId} src={values.image} onChange={set('image')} describedBy={errors.metaImage ? `${id}-metaImage-error` : undefined} />
          {errors.metaImage && (
            <span className="blog-manager__error" id={`${id}-metaImage-error`}>
              {errors.metaImage}
            </span>
          )}
        </div>
        <div className="post-settings__actions">
          <button type="button" className="pod-button" onClick={() => onClose(null)}>
            Cancel
          </button>
          <button type="submit" className="pod-button pod-button--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save settings'}
          </button>
        </div>
      </form>
    </Popup>
  );
}
