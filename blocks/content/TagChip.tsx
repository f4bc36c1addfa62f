import type { CSSProperties, ReactNode } from 'react';
import { SafeLink } from '../../src/renderer/SafeLink';
import './tagChip.css';

/** One small label of the theme tag family; a link when it has an address. Shared by tag and taglets. */
export function TagChip({ href, color, backgroundColor, children }: { href?: string; color?: string; backgroundColor?: string; children: ReactNode }) {
  const style = { color: color || undefined, background: backgroundColor || undefined } as CSSProperties;
  return href?.trim() ? (
    <SafeLink className="tag-chip tag-chip--link" href={href} style={style}>
      {children}
    </SafeLink>
  ) : (
    <span className="tag-chip" style={style}>
      {children}
    </span>
  );
}
