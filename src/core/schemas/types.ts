/** Shapes of the schema documents themselves (not of the data they validate). */

export type JsonSchema = { $id?: string; [key: string]: unknown };

/** Where a block type may be used (§3 Block type compatibility set). */
export type Compatibility = 'storefront' | 'mail' | 'dashboard' | 'atlas';

/** The `x-block` annotation every block schema carries (DESIGN §3). */
export interface BlockMeta {
  /** The schema version of the type's properties; blocks saved under an older one are upgraded (src/core/blocks/upgrade.ts). */
  version: number;
  title: string;
  compatibility: Compatibility[];
  /** null: not a container. accepts: block type names, or "*" for any non-pseudo type. */
  container: { accepts: string[] } | null;
  size: { default: number; min: number };
  icon?: string;
  category?: string;
  description?: string;
  /** §6: saving a page that uses this type needs a Pro store. */
  pro?: boolean;
  /** Placed by the platform: the builder's palette offers it to staff only. */
  staffOnly?: boolean;
}

/** The four folders of schemas/, each keyed by file name without `.json`. */
export interface SchemaSet {
  blocks: Record<string, JsonSchema>;
  entities: Record<string, JsonSchema>;
  themes: Record<string, JsonSchema>;
  rules: Record<string, JsonSchema>;
}

/** One validation failure: a JSON pointer into the validated document and the message in the spec's words. */
export interface ValidationError {
  path: string;
  message: string;
}
