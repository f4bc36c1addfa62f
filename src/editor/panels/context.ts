import type { Breakpoint, ResponsiveOverrides } from '../../core/blocks/responsive';

/** What panels give their widgets through rjsf's formContext. */
export interface PanelContext {
  /** The store being edited: pickers list its products, collections, posts and pages; uploads go to it. */
  divisionId: number | null;
  /** A block's form: which device is being edited, and where each per-device setting's value comes from. */
  responsive?: ResponsiveEditing;
}

/** The per-device state of a block's form (fields whose schema says x-ui.responsive). */
export interface ResponsiveEditing {
  breakpoint: Breakpoint;
  /** The type's responsive properties. */
  properties: readonly string[];
  /** The block's overrides (data, so rjsf's deep comparison redraws the fields when they change). */
  overrides: ResponsiveOverrides | undefined;
  /** Drops the override at the breakpoint being edited: the property inherits again. */
  reset(key: string): void;
}
