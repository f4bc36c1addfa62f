/** §5.2/§9 client storage limits, in characters of the string as written. */
export const STORAGE_KEY_MAX = 256;
export const STORAGE_VALUE_MAX = 16384;
/** Cookies are smaller: pass the value as it will be written (already encoded). */
export const COOKIE_VALUE_MAX = 3584;

export type StorageTarget = 'storage' | 'cookie';

export class StorageLimitError extends Error {
  constructor(
    readonly part: 'key' | 'value',
    readonly length: number,
    readonly limit: number,
    target: StorageTarget,
    key: string,
  ) {
    super(`Refused ${target} write: ${part} of "${key.slice(0, 40)}" is ${length} characters, the limit is ${limit}`);
    this.name = 'StorageLimitError';
  }
}

const VALUE_MAX: Record<StorageTarget, number> = { storage: STORAGE_VALUE_MAX, cookie: COOKIE_VALUE_MAX };

/** The first limit a write would break, or undefined when it fits. */
export function storageLimitError(key: string, value: string, target: StorageTarget = 'storage'): StorageLimitError | undefined {
  if (key.length > STORAGE_KEY_MAX) return new StorageLimitError('key', key.length, STORAGE_KEY_MAX, target, key);
  if (value.length > VALUE_MAX[target]) return new StorageLimitError('value', value.length, VALUE_MAX[target], target, key);
  return undefined;
}

/** Throws instead of letting an over-long write fail later in the browser or be cut silently. */
export function assertStorable(key: string, value: string, target: StorageTarget = 'storage'): void {
  const error = storageLimitError(key, value, target);
  if (error) throw error;
}

/** The same test as a boolean, for callers that drop the write quietly. */
export const isStorable = (key: string, value: string, target: StorageTarget = 'storage'): boolean =>
  storageLimitError(key, value, target) === undefined;
