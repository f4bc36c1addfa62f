/** Shapes of rule lists as forms declare them (§5.1) and of validation results. */

/** A rule's parameters: positional (`[5]`, `['jpg', 'png']`) or by name (`{ n: 5 }`). */
export type RuleParams = readonly unknown[] | Readonly<Record<string, unknown>>;

/** A schema rule by name: `'required'`, `'min_length:5'` or `{ rule: 'min_length', params: [5] }`. */
export interface NamedRuleSpec {
  rule: string;
  params?: RuleParams;
  /** Failures become advisories that count as valid; overrides the schema's `x-rule.silent`. */
  silent?: boolean;
}

/** A form's own pattern with its own message; string patterns get the `u` flag, like schema patterns. */
export interface RegexRuleSpec {
  rule: 'regex';
  pattern: string | RegExp;
  message: string;
  silent?: boolean;
}

/** The value is POSTed as `{ value }` to `path`; a falsy answer (or a failed call) fails with `message`. */
export interface ServerRuleSpec {
  rule: 'server';
  path: string;
  message: string;
  silent?: boolean;
}

export type RuleSpec = string | NamedRuleSpec | RegexRuleSpec | ServerRuleSpec;

/** What a form declares for one field: a list of specs, or the compact `"required|email|min_length:5"`. */
export type RuleList = string | readonly RuleSpec[];

/** A rule list after parsing; `silent` is left undefined when the form did not say. */
export type ParsedRule =
  | { kind: 'schema'; name: string; params: RuleParams; silent?: boolean }
  | { kind: 'regex'; pattern: RegExp; message: string; silent?: boolean }
  | { kind: 'server'; path: string; message: string; silent?: boolean };

/** The `x-rule` annotation of a rule schema. A parameter default of null or [] means "must be given". */
export interface RuleMeta {
  name: string;
  params?: Record<string, unknown>;
  silent?: boolean;
  /** Reserved for rules only the API can check; no §5.1 rule sets it and the engine does not act on it. */
  server?: boolean;
}

export interface RuleResult {
  valid: boolean;
  errors: string[];
  /** Failures of silent rules: shown as hints, never block (§5.1). */
  advisories: string[];
}

export interface FormResult {
  valid: boolean;
  /** One list per declared field, empty when the field passes. */
  errors: Record<string, string[]>;
  advisories: Record<string, string[]>;
}

/** Injected transport for server rules (the browser's API client, or a direct call on the server). */
export type PostFn = (path: string, body: unknown) => Promise<unknown>;
