/** Small style vocabularies shared by block components (§3). */

/** Height as a fraction of width. */
export const RATIOS = { wide: 0.36, short: 0.49, '4:3': 0.75, square: 1.026, tall: 1.5 } as const;
export type RatioName = keyof typeof RATIOS;

const TEXT_SHADOWS = {
  none: undefined,
  light: '0 1px 2px rgba(0,0,0,.25)',
  medium: '0 2px 6px rgba(0,0,0,.4)',
  heavy: '0 3px 12px rgba(0,0,0,.65)',
} as const;

export const textShadowCss = (shadow: keyof typeof TEXT_SHADOWS | undefined) => (shadow ? TEXT_SHADOWS[shadow] : undefined);
