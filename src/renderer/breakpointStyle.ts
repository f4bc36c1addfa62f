import { BREAKPOINTS, blockSelector, breakpointRules, propertiesAt, safeDeclarations, type Breakpoint, type CssDeclarations } from '../core/blocks/responsive';
import type { BlockData } from '../core/storeData';
import type { RenderMode, ResponsiveStyle } from './types';

export interface BreakpointStyle {
  /** Desktop's declarations, set on the block's grid cell (inline, in the server's HTML too). */
  inline: Readonly<Record<string, string | number>>;
  /** Container rules switching them at tablet and phone widths ('' when nothing differs). */
  css: string;
}

const NONE: BreakpointStyle = { inline: {}, css: '' };

/**
 * `hidden` (a special property every block has, responsive): shoppers' pages do not display the block at that width;
 * the builder's canvas dims it instead (grid.css, `--pod-off`), so it can still be selected and shown again.
 */
const hiddenDeclarations = (mode: RenderMode, hidden: boolean): CssDeclarations =>
  mode === 'preview' ? { '--pod-off': hidden ? 1 : 0 } : { display: hidden ? 'none' : 'block' };

/**
 * A drawn block's per-breakpoint CSS: its module's `responsiveStyle` of the properties at each breakpoint, plus
 * `hidden`. CSS only — container rules on the page's `pod-viewport` container — so the storefront, the server's HTML
 * and the builder's device frames draw the same, without a script and without a layout shift.
 */
export function breakpointStyle(block: BlockData, mode: RenderMode, style: ResponsiveStyle<never> | null | undefined): BreakpointStyle {
  const at = (bp: Breakpoint) => propertiesAt(block, bp);
  const hiddenSomewhere = BREAKPOINTS.some((bp) => at(bp).hidden === true);
  if (!style && !hiddenSomewhere) return NONE;
  const declarations = (bp: Breakpoint): CssDeclarations => ({
    ...(style ? style(at(bp) as never) : {}),
    ...(hiddenSomewhere ? hiddenDeclarations(mode, at(bp).hidden === true) : {}),
  });
  const desktop = declarations('desktop');
  const overridden = block.responsive !== undefined && (block.responsive.tablet !== undefined || block.responsive.phone !== undefined);
  const css = overridden ? breakpointRules(blockSelector(block.uid), { desktop, tablet: declarations('tablet'), phone: declarations('phone') }) : '';
  return { inline: safeDeclarations(desktop), css };
}
