import type { CSSProperties } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { SpacerProperties } from '../src/core/generated/blockProperties';
import { ROW_SPACING } from '../src/core/blocks/messages';
import './spacer.css';

/** Height per size as a multiple of the §9 24px row spacing (the schema's description). */
export const SPACER_MULTIPLES = { small: 1, regular: 2, large: 4 } as const;

export const spacerHeight = (ratio: keyof typeof SPACER_MULTIPLES = 'regular') => SPACER_MULTIPLES[ratio] * ROW_SPACING;

/** The height, which may differ by device (x-ui.responsive), as spacer.css reads it. */
export const responsiveStyle = (p: SpacerProperties) => ({ '--spacer-height': `${spacerHeight(p.ratio)}px` });

/** Empty vertical space, with an optional dividing line across the middle. */
export default function Spacer({ properties: p }: BlockProps<SpacerProperties>) {
  const style = {
    '--spacer-line': p.dividerColor || 'var(--border-color, #ddd)',
  } as CSSProperties;
  return (
    <div className="spacer" style={style} aria-hidden={p.divider ? undefined : true}>
      {p.divider && <hr className="spacer__line" />}
    </div>
  );
}
