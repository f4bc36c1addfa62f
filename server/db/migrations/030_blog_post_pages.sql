-- A blog post is a builder page (its blocks) plus the post's own data: title, tags, author, date, meta image.
alter table blog_posts add column page_id integer references pages(id) on delete set null;
alter table blog_posts add column author text not null default '';
create unique index blog_posts_page_idx on blog_posts (page_id);
