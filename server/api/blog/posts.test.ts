import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDivisionId, openTestContext } from '../../testing/testContext';
import { TestClient } from '../../auth/testClient';
import { DEMO_ACCOUNTS } from '../../db/seed/demoAccounts';
import { DEMO_POSTS } from '../../db/seed/demoBlog';
import { blogMessages } from './posts';
import type { DashboardPost } from '../../../src/core/api/blog';
import { blogPostMessages } from '../../catalogue/blogPosts';
import type { PageDocument } from '../../../src/core/storeData';

/** Blog posts are builder pages: the demo posts have theirs, and the dashboard creates new ones. */
let t: Awaited<ReturnType<typeof openTestContext>>;
const [OWNER] = DEMO_ACCOUNTS;
let owner: TestClient;
let division = 0;
const posts = () => `/omnis/v3/divisions/${division}/blog/posts/`;

beforeAll(async () => {
  t = await openTestContext();
  division = await demoDivisionId(t.ctx.db);
  owner = new TestClient(t.app, '198.51.100.77');
  await owner.login(OWNER.email, OWNER.password);
});
afterAll(async () => t?.close());

describe('blog posts as builder pages', () => {
  it('every demo post has a page at /blog/{post}/ whose blocks carry its title, author, date and tags', async () => {
    const list = (await owner.get(posts())).json<{ data: DashboardPost[] }>().data;
    expect(list.map((p) => p.url).sort()).toEqual(DEMO_POSTS.map((p) => p.url).sort());
    for (const post of list) {
      expect(post.pageId).not.toBeNull();
      const page = (await owner.get(`/omnis/v3/divisions/${division}/pages/${post.pageId}/`)).json<PageDocument>();
      expect(page.url).toBe(`/blog/${post.url}/`);
      const text = JSON.stringify(page.blocks);
      expect(text).toContain(post.title);
      expect(text).toContain(post.author);
      for (const tag of post.tags) expect(text).toContain(`/blog/tagged/${tag}/`);
    }
  });

  it('the dashboard creates a post: 201, a page in the builder, listed in blog/paginate for shoppers', async () => {
    const res = await owner.post(posts(), { title: 'Spring dye lab', author: 'Ines Fern', excerpt: 'Plant dyes & us.', tags: 'Dyes, how-we-work', metaImage: { src: '/media/scene/meadow.svg', alt: 'Meadow' } });
    expect(res.statusCode).toBe(201);
    const created = res.json<{ url: string; pageId: number; pageUrl: string }>();
    expect(created).toMatchObject({ url: 'spring-dye-lab', pageUrl: '/blog/spring-dye-lab/' });
    const page = (await owner.get(`/omnis/v3/divisions/${division}/pages/${created.pageId}/`)).json<PageDocument>();
    expect(page.properties.title).toBe('Spring dye lab');
    // The shopper's text is escaped in the stored HTML (the page sanitiser writes entities in their named form).
    expect(JSON.stringify(page.blocks)).toContain('<p>Plant dyes &amp; us.</p>');
    const feed = await t.app.inject({ url: `/omnis/v3/blog/paginate/?divisions=${division}&tag=dyes&lite=1` });
    expect(feed.json<{ data: { url: string }[] }>().data.map((p) => p.url)).toEqual(['spring-dye-lab']);
  });

  it('refuses bad posts with 422 and every field error, and a taken address', async () => {
    const bad = await owner.post(posts(), { title: '', author: '', tags: ['bad tag!'], metaImage: { src: 'javascript:alert(1)' }, publishedAt: 'soon' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: blogMessages.invalid,
      errors: { '/title': [blogMessages.required], '/author': [blogMessages.required], '/tags': [blogMessages.tag], '/metaImage': [blogMessages.image], '/publishedAt': [blogMessages.date] },
    });
    const taken = await owner.post(posts(), { title: 'Why we print to order', slug: 'why-we-print-to-order', author: 'X' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ errors: { '/slug': [blogPostMessages.slugTaken] } });
  });

  it('saves a post\'s settings and carries them into its page: title, share image, banner, byline and tags', async () => {
    const created = (await owner.post(posts(), { title: 'Settings trial', author: 'Ines Fern', tags: 'old-tag' })).json<{ id: number; pageId: number }>();
    const res = await owner.put(`${posts()}${created.id}/`, { title: 'Settings renamed', author: 'Rowan Ash', tags: ['dyes', 'Studio'], publishedAt: '2026-03-04T09:30:00.000Z', metaImage: { src: '/media/scene/forest.svg', alt: 'Forest' } });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: DashboardPost }>().data).toMatchObject({ id: created.id, url: 'settings-trial', title: 'Settings renamed', author: 'Rowan Ash', tags: ['dyes', 'studio'], publishedAt: '2026-03-04T09:30:00.000Z', metaImage: { src: '/media/scene/forest.svg', alt: 'Forest' } });
    const listed = (await owner.get(posts())).json<{ data: DashboardPost[] }>().data.find((p) => p.id === created.id);
    expect(listed).toMatchObject({ title: 'Settings renamed', author: 'Rowan Ash', tags: ['dyes', 'studio'] });
    const page = (await owner.get(`/omnis/v3/divisions/${division}/pages/${created.pageId}/`)).json<PageDocument>();
    expect(page.properties.title).toBe('Settings renamed');
    expect(page.properties.ogImage).toMatchObject({ src: '/media/scene/forest.svg' });
    const text = JSON.stringify(page.blocks);
    for (const shown of ['Settings renamed', 'Rowan Ash', '4 March 2026', '/blog/tagged/studio/', '/media/scene/forest.svg']) expect(text).toContain(shown);
    expect(text).not.toContain('old-tag');
    expect(text).not.toContain('Ines Fern');
  });

  it('refuses bad settings with 422 and every field error in §5.1 words, and an unknown post with 404', async () => {
    const [post] = (await owner.get(posts())).json<{ data: DashboardPost[] }>().data;
    const bad = await owner.put(`${posts()}${post!.id}/`, { title: ' ', author: 'x'.repeat(101), tags: 'ok, not ok', publishedAt: '', metaImage: { src: 'ftp://x' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: blogMessages.invalid,
      errors: { '/title': ['This field is required'], '/author': ['Must contain no more than 100 characters'], '/tags': [blogMessages.tag], '/metaImage': [blogMessages.image], '/publishedAt': ['This field is required'] },
    });
    const missing = await owner.put(`${posts()}2147483647/`, { title: 'A', author: 'B', publishedAt: '2026-01-01' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: blogMessages.postNotFound });
  });
});
