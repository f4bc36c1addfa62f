import type { BlockProps } from '../src/renderer/types';
import type { TagProperties } from '../src/core/generated/blockProperties';
import { BlockIcon } from './content/icons';
import { TagChip } from './content/TagChip';
import './tag.css';

/** One small label, styled by the theme tag family; a link when it has one. */
export default function Tag({ properties: p }: BlockProps<TagProperties>) {
  if (!p.text?.trim()) return null;
  return (
    <div className={`tag-block tag-block--${p.align ?? 'left'}`}>
      <TagChip href={p.href} color={p.color} backgroundColor={p.backgroundColor}>
        <BlockIcon name={p.icon} />
        <span>{p.text}</span>
      </TagChip>
    </div>
  );
}
