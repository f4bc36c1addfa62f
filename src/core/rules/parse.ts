import type { ParsedRule, RuleList, RuleSpec } from './types';

/** "5" → 5, "jpg" → "jpg": the compact form carries no types, and numeric parameters are the common case. */
const compactParam = (raw: string): string | number => {
  const text = raw.trim();
  return text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
};

/** "min_length:5" → { kind: 'schema', name: 'min_length', params: [5] }; "ext:jpg,png" → params ['jpg', 'png']. */
function parseCompact(segment: string): ParsedRule {
  const colon = segment.indexOf(':');
  if (colon === -1) return { kind: 'schema', name: segment.trim(), params: [] };
  return { kind: 'schema', name: segment.slice(0, colon).trim(), params: segment.slice(colon + 1).split(',').map(compactParam) };
}

// A caller's /x/g would make RegExp#test stateful (lastIndex), so those flags are dropped.
const toRegExp = (pattern: string | RegExp): RegExp =>
  typeof pattern === 'string' ? new RegExp(pattern, 'u') : new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));

function parseSpec(spec: RuleSpec): ParsedRule[] {
  if (typeof spec === 'string') return parseCompactList(spec);
  const silent = spec.silent;
  if (spec.rule === 'regex' && 'pattern' in spec) return [{ kind: 'regex', pattern: toRegExp(spec.pattern), message: spec.message, silent }];
  if (spec.rule === 'server' && 'path' in spec) return [{ kind: 'server', path: spec.path, message: spec.message, silent }];
  if (spec.rule === 'regex' || spec.rule === 'server') throw new Error(`Rule ${spec.rule} needs ${spec.rule === 'regex' ? 'a pattern' : 'a path'} and a message`);
  return [{ kind: 'schema', name: spec.rule, params: 'params' in spec && spec.params ? spec.params : [], silent }];
}

const parseCompactList = (list: string): ParsedRule[] =>
  list
    .split('|')
    .filter((segment) => segment.trim() !== '')
    .map(parseCompact);

/**
 * Normalises a field's rule list. The compact string form covers schema rules only (regex and server
 * rules need a message, so they use the object form); array items may themselves be compact strings.
 * Rule names are checked later, against the rule book.
 */
export function parseRules(list: RuleList | undefined): ParsedRule[] {
  if (list === undefined) return [];
  return typeof list === 'string' ? parseCompactList(list) : list.flatMap(parseSpec);
}
