/** §8 block messages and the grid constants of §3/§9 — free of ajv so the storefront can import them. */

export const blockMessages = {
  unregistered: (type: string) => `Block type of ${type} hasn't been registered`,
  noBuilder: 'Tried to make type but no builder was defined',
  conflict: 'Tried to register block type that conflicts with another',
  noType: 'Unable to make block, no type was defined',
  factoryNoSource: 'Factory has no source',
  notAccepted: (child: string, parent: string) => `A ${child} block cannot be placed inside a ${parent} block`,
  notContainer: (type: string) => `A ${type} block cannot contain other blocks`,
  tooNarrow: (min: number) => `Must be at least ${min} columns wide`,
  notResponsive: (title: string) => `${title} is the same on every device: it cannot be set for tablet or phone only`,
} as const;

export const GRID_COLUMNS = 12;
export const GRID_COLUMNS_SMALL = 6;
export const MIN_BLOCK_SIZE = 3;
/** §9 default vertical spacing between rows, px. */
export const ROW_SPACING = 24;

/** Pseudo items are editor-only children whose type begins or ends with "_" (§3 Block). */
export const isPseudoType = (type: string): boolean => type.startsWith('_') || type.endsWith('_');

/** Small-screen width for a desktop width: narrow blocks share a row in pairs, others go full width. */
export const smallScreenSize = (x: number): number => (x <= 4 ? MIN_BLOCK_SIZE : GRID_COLUMNS_SMALL);
