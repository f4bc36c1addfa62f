/** §2.2 blog addresses: the journal, posts and tags. */

export const BLOG_URL = '/blog/';
export const blogPostUrl = (slug: string) => `/blog/${slug}/`;
export const blogTagUrl = (tag: string) => `/blog/tagged/${encodeURIComponent(tag)}/`;

/** A post's address part: lower-case words and dashes, as page urls are. */
export const BLOG_SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** Turns a title into a slug: "Why we print?" → "why-we-print". */
export const slugify = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);

/** /learn/* is the blog's old address (§2.2): the same path under /blog/. */
export const learnToBlog = (pathname: string) => pathname.replace(/^\/learn(\/|$)/, '/blog/').replace(/\/\/+/g, '/');
