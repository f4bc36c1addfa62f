import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, ApiError, GENERIC_ERROR } from '../lib/api';
import { EDITOR_PATHS } from '../editor/paths';
import { blogPostUrl } from '../core/blog';
import type { DashboardPost } from '../core/api/blog';
import { snackError } from '../app/Snackbar';
import { gotItOverlay, loadingOverlay } from '../app/overlays/overlayStore';
import { PostSettings } from './PostSettings';
import { formatDay } from '../core/dates';

type Listing = { status: 'loading' } | { status: 'ready'; posts: DashboardPost[] } | { status: 'failed'; message: string };

const postsUrl = (divisionId: number) => `/omnis/v3/divisions/${divisionId}/blog/posts/`;

/**
 * The store team's blog tools on /blog/ (§2.2 "/blog/ (dashboard)"): every post, scheduled ones too, each opened
 * in the page builder, and a form that creates a post and opens it there.
 */
export default function BlogManager({ divisionId }: { divisionId: number }) {
  const navigate = useNavigate();
  const [listing, setListing] = useState<Listing>({ status: 'loading' });
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string[]> } | null>(null);
  const [editing, setEditing] = useState<DashboardPost | null>(null);

  const load = useCallback(() => {
    api<{ data: DashboardPost[] }>(postsUrl(divisionId))
      .then(({ data }) => setListing({ status: 'ready', posts: data }))
      .catch((e: unknown) => setListing({ status: 'failed', message: e instanceof ApiError ? e.message : GENERIC_ERROR }));
  }, [divisionId]);
  useEffect(load, [load]);
  useEffect(() => {
    void gotItOverlay({
      code: 'blog-posts-are-pages',
      title: 'Posts are pages',
      text: 'Write and lay out a post in the page builder, like any page. Its title, tags, author, date and image are under Settings here.',
    });
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '');
    const image = field('metaImage').trim();
    setSaving(true);
    setError(null);
    try {
      // Creating the page and opening the builder takes a moment: the loading overlay holds the screen meanwhile.
      await loadingOverlay({ title: 'Creating your post', text: 'Opening it in the page builder…' }, async () => {
        const created = await api<{ pageId: number }>(postsUrl(divisionId), {
          method: 'POST',
          body: { title: field('title'), author: field('author'), excerpt: field('excerpt'), tags: field('tags'), metaImage: image ? { src: image, alt: field('title') } : null },
        });
        await navigate(EDITOR_PATHS.edit(created.pageId));
      });
    } catch (e) {
      setError(e instanceof ApiError ? { message: e.message, fields: e.errors } : { message: GENERIC_ERROR, fields: {} });
      snackError(e, 'blog-post-create');
      setSaving(false);
    }
  };

  const fieldError = (name: string) => error?.fields[`/${name}`]?.[0];
  const input = (name: string, label: string, props: { required?: boolean; placeholder?: string } = {}) => (
    <label className="blog-manager__field">
      <span>{label}</span>
      <input name={name} required={props.required} placeholder={props.placeholder} aria-invalid={fieldError(name) ? true : undefined} aria-describedby={fieldError(name) ? `blog-${name}-error` : undefined} />
      {fieldError(name) && (
        <span className="blog-manager__error" id={`blog-${name}-error`}>
          {fieldError(name)}
        </span>
      )}
    </label>
  );

  return (
    <section className="blog-manager" aria-label="Manage posts">
      <div className="blog-manager__head">
        <h2>Your posts</h2>
        <button type="button" className="pod-button pod-button--primary" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          New post
        </button>
      </div>
      {open && (
        <form className="blog-manager__form" onSubmit={(e) => void submit(e)} noValidate>
          {input('title', 'Title', { required: true })}
          {input('author', 'Author', { required: true })}
          {input('excerpt', 'Summary')}
          {input('tags', 'Tags', { placeholder: 'comma, separated' })}
          {input('metaImage', 'Image address', { placeholder: '/media/scene/forest.svg' })}
          {error && (
            <p className="blog-manager__error" role="alert">
              {error.message}
            </p>
          )}
          <button type="submit" className="pod-button pod-button--primary" disabled={saving}>
            {saving ? 'Creating…' : 'Create and open in the builder'}
          </button>
        </form>
      )}
      {listing.status === 'loading' && <p role="status">Loading posts…</p>}
      {listing.status === 'failed' && <p role="alert">{listing.message}</p>}
      {listing.status === 'ready' && (
        <table className="blog-manager__table">
          <thead>
            <tr>
              <th scope="col">Post</th>
              <th scope="col">Author</th>
              <th scope="col">Date</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {listing.posts.map((post) => (
              <tr key={post.id}>
                <td>
                  <Link to={blogPostUrl(post.url)}>{post.title}</Link>
                </td>
                <td>{post.author}</td>
                <td>{formatDay(new Date(post.publishedAt), 'medium')}</td>
                <td className="blog-manager__actions">
                  <button type="button" className="link-button" onClick={() => setEditing(post)} aria-label={`Settings of ${post.title}`}>
                    Settings
                  </button>
                  {post.pageId !== null && <Link to={EDITOR_PATHS.edit(post.pageId)}>Edit</Link>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing && (
        <PostSettings
          divisionId={divisionId}
          post={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) load();
          }}
        />
      )}
    </section>
  );
}
