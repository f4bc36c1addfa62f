/**
 * Days written as Intl's en-GB writes them ("5 March 2026", "5 Mar 2026"), without building an Intl date format:
 * the first one a page builds loads the platform's locale data, a long task on a phone; and the server and every
 * browser write a day alike. src/core/dates.test.ts checks every style against Intl.
 */
const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

export type DayStyle = 'long' | 'medium';

/** The day of `date` in the reader's time zone, or in UTC for days the server decided (a return window's end). */
export function formatDay(date: Date, style: DayStyle = 'long', timeZone: 'local' | 'UTC' = 'local'): string {
  const utc = timeZone === 'UTC';
  const day = utc ? date.getUTCDate() : date.getDate();
  const month = utc ? date.getUTCMonth() : date.getMonth();
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  return `${day} ${(style === 'long' ? LONG_MONTHS : SHORT_MONTHS)[month]} ${year}`;
}
