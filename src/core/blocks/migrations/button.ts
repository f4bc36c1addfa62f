import type { BlockMigrations } from '../upgrade';

/**
 * Button schema history.
 *
 * 2 — `primary` (an integer, 1 primary / 0 secondary) became `buttonStyle`, the §3 button styles banners already
 *     use (primary, secondary, warning, primary|secondary): buttons can be drawn in every style, and one property
 *     name and set of values means the same on every block.
 */
export const buttonMigrations: BlockMigrations = {
  1: {
    change: 'primary (1 or 0) became buttonStyle (primary or secondary; warning and primary|secondary are new)',
    up({ primary, ...rest }) {
      if (primary === undefined) return rest; // nothing of version 1 to carry over
      if (primary === 1 || primary === true) return { ...rest, buttonStyle: 'primary' };
      if (primary === 0 || primary === false) return { ...rest, buttonStyle: 'secondary' };
      throw new Error(`primary must be 1 or 0, found ${JSON.stringify(primary)}`);
    },
  },
};
