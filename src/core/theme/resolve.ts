import type { ResolvedTheme, ThemeDefaults, ThemeDoc, ThemeLoader, ThemeProperties, ThemeValue } from './types';

/** A whole value of the form #{key} (§3). */
const REFERENCE = /^#\{([A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9]*)*)\}$/;

/** The key a value refers to, if it is a reference. */
export const referenceOf = (value: ThemeValue | undefined): string | undefined =>
  typeof value === 'string' ? REFERENCE.exec(value)?.[1] : undefined;

export class ThemeResolutionError extends Error {
  override name = 'ThemeResolutionError';
}

/** The theme and its ancestors, root first. A missing theme or a parent cycle is an error. */
export function themeChain(name: string, loadTheme: ThemeLoader): ThemeDoc[] {
  const chain: ThemeDoc[] = [];
  const seen: string[] = [];
  for (let current: string | undefined = name; current !== undefined; ) {
    if (seen.includes(current)) {
      const cycle = [...seen.slice(seen.indexOf(current)), current].join(' → ');
      throw new ThemeResolutionError(`Theme "${name}": parent cycle ${cycle}`);
    }
    seen.push(current);
    const doc = loadTheme(current);
    if (!doc) {
      throw new ThemeResolutionError(
        current === name ? `Theme "${name}" does not exist` : `Theme "${seen.at(-2)}" has parent "${current}", which does not exist`,
      );
    }
    chain.unshift(doc);
    current = doc.parent;
  }
  return chain;
}

/**
 * Replaces every reference by the value it ends at, following references transitively.
 * Each key is resolved once (memoised), and the keys being followed are kept on a stack, so a
 * cycle is reported with its path instead of recursing forever.
 */
export function resolveReferences(properties: ThemeProperties, themeName: string): ThemeProperties {
  const resolved: ThemeProperties = {};
  const following: string[] = [];

  const valueOf = (key: string): ThemeValue => {
    if (key in resolved) return resolved[key]!;
    const value = properties[key]!;
    const target = referenceOf(value);
    if (target === undefined) return (resolved[key] = value);
    if (following.includes(key)) {
      const cycle = [...following.slice(following.indexOf(key)), key].join(' → ');
      throw new ThemeResolutionError(`Theme "${themeName}": reference cycle ${cycle}`);
    }
    if (!(target in properties)) {
      throw new ThemeResolutionError(`Theme "${themeName}": ${key} refers to #{${target}}, which is not a theme property`);
    }
    following.push(key);
    const end = valueOf(target);
    following.pop();
    return (resolved[key] = end);
  };

  for (const key of Object.keys(properties)) valueOf(key);
  return resolved;
}

/**
 * A complete theme: schema defaults, then each ancestor from the root down, then the theme's own
 * properties; references are resolved last, against the merged map, so a child that changes
 * primary.color also changes every inherited property that refers to it.
 */
export function resolveTheme(name: string, loadTheme: ThemeLoader, defaults: ThemeDefaults): ResolvedTheme {
  const chain = themeChain(name, loadTheme);
  const merged: ThemeProperties = structuredClone(defaults.values);
  for (const doc of chain) Object.assign(merged, structuredClone(doc.properties));
  return {
    name,
    deprecated: chain.at(-1)!.deprecated === true,
    chain: chain.map((doc) => doc.name),
    properties: resolveReferences(merged, name),
    kinds: defaults.kinds,
  };
}
