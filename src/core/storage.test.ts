import { describe, expect, it } from 'vitest';
import { COOKIE_VALUE_MAX, STORAGE_KEY_MAX, STORAGE_VALUE_MAX, StorageLimitError, assertStorable, isStorable, storageLimitError } from './storage';

const text = (length: number) => 'x'.repeat(length);

describe('client storage limits (§5.2, §9)', () => {
  it('has the spec values', () => expect([STORAGE_KEY_MAX, STORAGE_VALUE_MAX, COOKIE_VALUE_MAX]).toEqual([256, 16384, 3584]));

  it.each([
    ['storage', text(256), text(16384)],
    ['cookie', text(256), text(3584)],
  ] as const)('accepts %s writes at the limits', (target, key, value) => {
    expect(() => assertStorable(key, value, target)).not.toThrow();
    expect(isStorable(key, value, target)).toBe(true);
  });

  it.each([
    ['storage', text(257), 'v', 'key', 257, 256],
    ['storage', 'k', text(16385), 'value', 16385, 16384],
    ['cookie', text(257), 'v', 'key', 257, 256],
    ['cookie', 'k', text(3585), 'value', 3585, 3584],
  ] as const)('refuses an over-long %s %s', (target, key, value, part, length, limit) => {
    expect(isStorable(key, value, target)).toBe(false);
    const error = storageLimitError(key, value, target);
    expect(error).toBeInstanceOf(StorageLimitError);
    expect(error).toMatchObject({ part, length, limit, name: 'StorageLimitError' });
    expect(() => assertStorable(key, value, target)).toThrow(`Refused ${target} write: ${part} of`);
    expect(() => assertStorable(key, value, target)).toThrow(`is ${length} characters, the limit is ${limit}`);
  });

  it('defaults to web storage limits', () => {
    expect(isStorable('k', text(COOKIE_VALUE_MAX + 1))).toBe(true);
    expect(isStorable('k', text(COOKIE_VALUE_MAX + 1), 'cookie')).toBe(false);
  });
});
