import type { CSSProperties } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { GridProperties } from '../src/core/generated/blockProperties';
import './grid.css';

/** §9: grids use 2, 3 and 4 columns at xs, md and lg unless the block says otherwise. */
export const GRID_COLUMNS_DEFAULT = { xs: 2, md: 3, lg: 4 } as const;

/** The gap, which may differ by device (x-ui.responsive), as grid.css reads it. */
export const responsiveStyle = (p: GridProperties) => ({ '--grid-gap': `${p.gap ?? 24}px` });

/** Its children in equal columns per breakpoint, whatever width each child was given. */
export default function Grid({ properties: p, children, mode }: BlockProps<GridProperties>) {
  const cols = { ...GRID_COLUMNS_DEFAULT, ...p.columns };
  const style = {
    '--grid-cols-xs': cols.xs,
    '--grid-cols-md': cols.md,
    '--grid-cols-lg': cols.lg,
  } as CSSProperties;
  const dynamic = p.source && p.source !== 'items';
  return (
    <div className="grid-block" style={style}>
      {p.title && <h2 className="grid-block__title">{p.title}</h2>}
      {children ??
        (mode === 'preview' ? (
          <p className="grid-block__empty">{dynamic ? 'Products and collections fill this grid on the storefront.' : 'Drop blocks into this grid.'}</p>
        ) : null)}
    </div>
  );
}
