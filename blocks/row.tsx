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

/** Lays its children side by side (each at its own column width) or stacked; spacing is a multiple of 24px (§9). */
export default function Row({ properties: p, children, mode }: BlockProps<RowProperties>) {
  const dir = rowDirections(p);
  const hasBackground = Boolean(p.backgroundImage?.src || p.backgroundColor);
  const className = [
    'row',
    `row--xs-${dir.xs}`,
    `row--md-${dir.md}`,
    `row--lg-${dir.lg}`,
    `row--align-${p.align ?? 'top'}`,
    p.reversed && 'row--reversed',
    hasBackground && 'row--background',
  ]
    .filter(Boolean)
    .join(' ');
  const style = {
    '--row-gap': `${(p.spacing ?? 1) * ROW_SPACING}px`,
    background: p.backgroundColor || undefined,
  } as CSSProperties;
  return (
    <div className={className} style={style}>
      {p.backgroundImage?.src && <BlockImage className="row__background" image={p.backgroundImage} sizes="100vw" />}
      {children ?? (mode === 'preview' ? <p className="row__empty">Drop blocks into this row.</p> : null)}
    </div>
  );
}
