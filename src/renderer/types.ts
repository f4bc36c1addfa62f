import type { ReactNode } from 'react';
import type { BlockData } from '../core/storeData';

/** §4 page modes as the renderer sees them: native (shoppers), preview (the builder canvas), embedded (inside an outside editor). */
export type RenderMode = 'native' | 'preview' | 'embedded';

/** What every block component receives. `properties` is complete: the server applied the schema defaults. */
export interface BlockProps<P = Record<string, unknown>> {
  block: BlockData;
  properties: P;
  mode: RenderMode;
  /** Rendered children of a container block, already laid out on their own grid. */
  children?: ReactNode;
}

/**
 * A block module's optional `responsiveStyle` export: the CSS declarations (custom properties such as
 * `--banner-align`) its responsive properties (x-ui.responsive) come to. The renderer calls it with the properties
 * of each breakpoint, sets desktop's on the block's grid cell and switches the others with container rules; the
 * block's CSS reads the custom properties. Pure: the same properties always give the same declarations.
 */
export type ResponsiveStyle<P = Record<string, unknown>> = (properties: P) => Readonly<Record<string, string | number>>;
