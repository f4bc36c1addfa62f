import type { CSSProperties } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { RowProperties } from '../src/core/generated/blockProperties';
import { ROW_SPACING } from '../src/core/blocks/messages';
import { BlockImage } from '../src/renderer/BlockImage';
import './row.css';

type Direction = 'row' | 'column';

/** The direction at each breakpoint: mobile below md (768), desktop from lg (992), the plain direction between. */
export function rowDirections(p: Pick<RowProperties, 'direction' | 'directionOnMobile' | 'directionOnDesktop'>): { xs: Direction; md: Direction; lg: Direction } {
  const base = p.direction ?? 'row';
  const pick = (v: RowProperties['directionOnMobile']) => (v && v !== 'inherit' ? v : base);
  return { xs: pick(p.directionOnMobile), md: base, lg: pick(p.directionOnDesktop) };
}

const VERTICAL = { top: 'flex-start', center: 'center', bottom: 'flex-end' } as const;

/**
 * Vertical alignment and spacing, which may differ by device (x-ui.responsive), as row.css reads them. Named apart
 * from --row-gap and --row-align, which the row sets on its own box for its children (a row inside a row keeps
 * laying itself out with its parent's gap).
 */
export const responsiveStyle = (p: RowProperties) => ({
  '--row-spacing': `${(p.spacing ?? 1) * ROW_SPACING}px`,
  '--row-vertical': VERTICAL[p.align ?? 'top'],
});

/** Lays its children side by side (each at its own column width) or stacked; spacing is a multiple of 24px (§9). */
export default function Row({ properties: p, children, mode }: BlockProps<RowProperties>) {
  const dir = rowDirections(p);
  const hasBackground = Boolean(p.backgroundImage?.src || p.backgroundColor);
  const className = [
    'row',
    `row--xs-${dir.xs}`,
    `row--md-${dir.md}`,
    `row--lg-${dir.lg}`,
    p.reversed && 'row--reversed',
    hasBackground && 'row--background',
  ]
    .filter(Boolean)
    .join(' ');
  const style = { background: p.backgroundColor || undefined } as CSSProperties;
  return (
    <div className={className} style={style}>
      {p.backgroundImage?.src && <BlockImage className="row__background" image={p.backgroundImage} sizes="100vw" />}
      {children ?? (mode === 'preview' ? <p className="row__empty">Drop blocks into this row.</p> : null)}
    </div>
  );
}
