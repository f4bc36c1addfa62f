import type { HeadData } from '../core/head';

/** Replaces the managed head elements (title, meta, links, JSON-LD) after a client navigation (§2.2). */
export function applyHead(head: HeadData, doc: Document = document) {
  doc.title = head.title;
  doc.head.querySelectorAll('[data-head]').forEach((el) => el.remove());
  for (const { tag, attrs } of head.tags) {
    const el = doc.createElement(tag);
    el.setAttribute('data-head', '');
    for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
    doc.head.appendChild(el);
  }
  for (const data of head.jsonLd) {
    const script = doc.createElement('script');
    script.type = 'application/ld+json';
    script.setAttribute('data-head', '');
    script.textContent = JSON.stringify(data);
    doc.head.appendChild(script);
  }
}
