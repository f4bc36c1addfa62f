import { useEffect } from 'react';
import { buildHeadData } from '../core/head';
import { applyHead } from '../app/applyHead';
import { useStore } from '../app/StoreContext';

export interface CommerceHead {
  title: string;
  description?: string;
  image?: string;
  /** Extra structured data (e.g. a schema.org Product). */
  jsonLd?: Record<string, unknown>[];
  noindex?: boolean;
}

/** §2.2 head data of a commerce screen (title, description, canonical, social tags, JSON-LD), kept current. */
export function useCommerceHead(head: CommerceHead | null) {
  const companyName = useStore().state.company.name;
  const key = head ? JSON.stringify(head) : null;
  useEffect(() => {
    if (!head) return;
    const data = buildHeadData({
      origin: window.location.origin,
      companyName,
      page: {
        url: window.location.pathname,
        title: head.title,
        description: head.description,
        ogImage: head.image ? { src: head.image } : undefined,
        sitemap: !head.noindex,
        published: true,
        blocks: [],
      },
      isHome: false,
      isNotFound: false,
    });
    applyHead({ ...data, jsonLd: [...data.jsonLd, ...(head.jsonLd ?? [])] });
    // key stands for head's content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, companyName]);
}

export const absoluteUrl = (href: string) => (/^https?:\/\//i.test(href) ? href : `${window.location.origin}${href.startsWith('/') ? '' : '/'}${href}`);
