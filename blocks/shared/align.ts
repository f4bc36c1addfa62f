/**
 * Text alignment (common.json textAlign) as the CSS values a block needs besides `text-align`: margins that place a
 * narrower box (a banner's copy) and flex alignment (a quote's parts). Blocks whose alignment may differ by device
 * return these from their `responsiveStyle`, so one alignment drives all of them per breakpoint.
 */
export type Align = 'left' | 'center' | 'right';

/** margin-inline of a box narrower than its aligned parent. */
export const ALIGN_MARGIN: Readonly<Record<Align, string>> = { left: '0 auto', center: 'auto', right: 'auto 0' };

/** align-items / justify-content of a flex container laid out along the alignment. */
export const ALIGN_FLEX: Readonly<Record<Align, string>> = { left: 'flex-start', center: 'center', right: 'flex-end' };
