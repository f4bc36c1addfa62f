import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDay } from './dates';

describe('formatDay', () => {
  it('writes any day exactly as Intl en-GB does, long and medium, local and UTC', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true }), (date) => {
        expect(formatDay(date, 'long')).toBe(new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(date));
        expect(formatDay(date, 'medium')).toBe(new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(date));
        expect(formatDay(date, 'long', 'UTC')).toBe(new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(date));
        expect(formatDay(date, 'long')).toBe(new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(date));
      }),
      { numRuns: 500 },
    );
  });

  it('names every month', () => {
    const months = Array.from({ length: 12 }, (_, m) => formatDay(new Date(Date.UTC(2026, m, 15)), 'medium', 'UTC').split(' ')[1]);
    expect(months).toEqual(Array.from({ length: 12 }, (_, m) => new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, m, 15)))));
    expect(formatDay(new Date(Date.UTC(2026, 10, 28)), 'long', 'UTC')).toBe('28 November 2026');
  });
});
