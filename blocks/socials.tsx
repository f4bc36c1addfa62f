import type { CSSProperties } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { SocialsProperties } from '../src/core/generated/blockProperties';
import { BlockImage } from '../src/renderer/BlockImage';
import { SafeLink } from '../src/renderer/SafeLink';
import { catalogueApi, type SocialPost } from './commerce/catalogueApi';
import { useApiData } from './commerce/useApiData';
import { useDivisionId } from './commerce/store';
import { EmptyState, ErrorState, LOAD_ERROR, SkeletonGrid } from './commerce/states';
import './socials.css';

export const SOCIALS_EMPTY = 'No photos to show yet.';

/** Names of the networks as the schema's x-enumLabels give them. */
const NETWORKS: Record<string, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  x: 'X',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  pinterest: 'Pinterest',
  snapchat: 'Snapchat',
  whatsapp: 'WhatsApp',
  linkedin: 'LinkedIn',
  website: 'Website',
};

/** The store's photo feed (§7, §9 default 20) and links to its social profiles. */
export default function Socials({ properties: p }: BlockProps<SocialsProperties>) {
  const divisionId = useDivisionId();
  const limit = p.limit ?? 20;
  const showFeed = p.showFeed !== false;
  const posts = useApiData<{ media: SocialPost[] }>(showFeed ? catalogueApi.socialPosts(divisionId, limit) : null);
  const links = p.links ?? [];
  const style = { '--socials-columns': p.columns ?? 5, '--socials-icon': p.iconColor || undefined, textAlign: p.align ?? 'center' } as CSSProperties;
  const align = p.align ?? 'center';
  let feed = null;
  if (showFeed) {
    if (posts.status === 'loading') feed = <SkeletonGrid className="socials__grid" count={Math.min(limit, 10)} ratio={1} label="Loading photos" />;
    else if (posts.status === 'error') feed = <ErrorState message={LOAD_ERROR} onRetry={posts.retry} />;
    else if (posts.data.media.length === 0) feed = <EmptyState>{SOCIALS_EMPTY}</EmptyState>;
    else
      feed = (
        <ul className="socials__grid">
          {posts.data.media.map((post) => (
            <li key={post.id} className="socials__item">
              <SafeLink className="socials__photo" href={post.permalink} aria-label={post.caption}>
                <BlockImage className="socials__image" image={{ src: post.mediaUrl, alt: '' }} sizes="(min-width: 768px) 20vw, 33vw" />
              </SafeLink>
            </li>
          ))}
        </ul>
      );
  }
  return (
    <section className={`socials socials--align-${align}`} style={style}>
      {p.title && <h2 className="socials__title">{p.title}</h2>}
      {links.length > 0 && (
        <ul className="socials__links" aria-label="Social profiles">
          {links.map((link, i) => (
            <li key={`${link.network}-${i}`}>
              <SafeLink className={`socials__link socials__link--${link.network}`} href={link.href} target="_blank">
                {NETWORKS[link.network] ?? link.network}
              </SafeLink>
            </li>
          ))}
        </ul>
      )}
      {feed}
    </section>
  );
}
