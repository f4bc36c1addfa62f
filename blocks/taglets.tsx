import type { BlockProps } from '../src/renderer/types';
import type { TagletsProperties } from '../src/core/generated/blockProperties';
import { TagChip } from './content/TagChip';
import './taglets.css';

/** A row of small tags (popular searches, collections); each links where its item says, if anywhere. */
export default function Taglets({ properties: p }: BlockProps<TagletsProperties>) {
  const items = (p.items ?? []).filter((item) => item.text?.trim());
  if (items.length === 0 && !p.title?.trim()) return null;
  // A landmark only when the tags lead somewhere.
  const Wrapper = items.some((item) => item.href?.trim()) ? 'nav' : 'div';
  return (
    <Wrapper className={`taglets taglets--${p.align ?? 'left'}${p.scroll ? ' taglets--scroll' : ''}`} aria-label={Wrapper === 'nav' ? p.title?.trim() || 'Tags' : undefined}>
      {p.title?.trim() && <h2 className="taglets__title">{p.title}</h2>}
      <ul className="taglets__list">
        {items.map((item, index) => (
          <li key={`${index}-${item.text}`} className="taglets__item">
            <TagChip href={item.href} color={item.color} backgroundColor={item.backgroundColor}>
              {item.text}
            </TagChip>
          </li>
        ))}
      </ul>
    </Wrapper>
  );
}
