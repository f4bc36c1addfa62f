import { lazy, type ComponentType } from 'react';
import { blockMessages } from '../core/blocks/messages';
import type { BlockProps, ResponsiveStyle } from './types';

type BlockComponent = ComponentType<BlockProps<never>>;
/** A block's module: its component and, when some of its properties may differ by device, how they reach CSS. */
interface BlockModule {
  default: BlockComponent;
  responsiveStyle?: ResponsiveStyle<never>;
}
type Loader = () => Promise<BlockModule>;

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.(json|tsx)$/, '');

// Discovered, not listed: a schema file registers a type, a component file gives it its own look.
// Both globs are lazy, so the storefront entry holds only names and loaders, not the schemas or components.
const schemaFiles = import.meta.glob('/schemas/blocks/*.json');
const componentFiles = import.meta.glob<BlockModule>(['/blocks/*.tsx', '!/blocks/*.test.tsx']);

const discoveredTypes = new Set(Object.keys(schemaFiles).map(nameOf));
/** Types added at run time by plugins (§2.2 /plugins/{code}), beside the discovered ones. */
const pluginTypes = new Set<string>();
export const registeredTypes: ReadonlySet<string> = discoveredTypes;
const loaders = new Map<string, Loader>(Object.entries(componentFiles).map(([path, load]) => [nameOf(path), load]));
const loaded = new Map<string, BlockComponent>();
const styles = new Map<string, ResponsiveStyle<never> | null>();
const reported = new Set<string>();
const loadListeners = new Set<() => void>();

/** Keeps what a block module brings besides its component, and tells the hosts waiting for it. */
function record(type: string, module: BlockModule): BlockModule {
  if (!styles.has(type)) {
    styles.set(type, typeof module.responsiveStyle === 'function' ? module.responsiveStyle : null);
    for (const listener of loadListeners) listener();
  }
  return module;
}

export const isRegistered = (type: string) => discoveredTypes.has(type) || pluginTypes.has(type);

/**
 * Registers a block type a plugin brings (its component loader). A name already taken — by a discovered type or
 * another plugin — is refused with the §8 message, so a plugin can never replace a built-in block.
 */
export function registerBlockType(type: string, load: Loader): void {
  if (!type) throw new Error(blockMessages.noType);
  if (isRegistered(type) || loaders.has(type)) throw new Error(blockMessages.conflict);
  pluginTypes.add(type);
  loaders.set(type, load);
}

/** Logs the §8 message once per type; the rest of the page still draws. */
export function reportUnregistered(type: string) {
  if (reported.has(type)) return;
  reported.add(type);
  console.error(blockMessages.unregistered(type));
}

/** Loads the components of these types so the page draws in one pass instead of popping in. */
export async function preloadBlockTypes(types: Iterable<string>): Promise<void> {
  const wanted = [...new Set(types)].filter((t) => !loaded.has(t) && loaders.has(t));
  await Promise.all(wanted.map(async (type) => loaded.set(type, record(type, await loaders.get(type)!()).default)));
}

/**
 * How a type's responsive properties reach CSS (its module's `responsiveStyle`): null when it has none (or no
 * module), undefined while its module is still loading.
 */
export function responsiveStyleFor(type: string): ResponsiveStyle<never> | null | undefined {
  if (styles.has(type)) return styles.get(type);
  return loaders.has(type) ? undefined : null;
}

/** Calls `listener` whenever another block module has loaded (the hosts drawn before it re-read its style). */
export function onBlockModuleLoaded(listener: () => void): () => void {
  loadListeners.add(listener);
  return () => loadListeners.delete(listener);
}

const lazyComponents = new Map<string, BlockComponent>();

/**
 * The component drawing a registered type: its own (synchronously when preloaded, else lazily) or,
 * for a type with a schema and no component, undefined so the host uses the generic block.
 */
export function componentFor(type: string): BlockComponent | undefined {
  const ready = loaded.get(type);
  if (ready) return ready;
  const load = loaders.get(type);
  if (!load) return undefined;
  let component = lazyComponents.get(type);
  if (!component) {
    component = lazy(async () => record(type, await load())) as unknown as BlockComponent;
    lazyComponents.set(type, component);
  }
  return component;
}
