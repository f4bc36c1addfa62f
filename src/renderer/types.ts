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
