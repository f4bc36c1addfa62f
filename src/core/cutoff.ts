/** The seasonal delivery cut-off banner (§1, §3 christmas-banner plugin, christmasCutoffDates, christmasContent; §9 defaults). */

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** yyyy-mm-dd as "Fri 18 Dec" (the same on the server and in the browser: no locale data involved). */
export function shortDate(iso: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(d.getTime()) ? null : `${DAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

export interface CutoffBannerView {
  text: string;
  dates: { label: string; date: string }[];
}

/**
 * What the banner says, or null when it is off, empty, or every cut-off date has passed (`today` yyyy-mm-dd): a
 * promise of delivery in time that can no longer be kept is not shown.
 */
export function cutoffBanner(plugin: { enabled?: boolean } | undefined, dates: { standard?: string; express?: string } | undefined, content: string | undefined, today: string): CutoffBannerView | null {
  if (plugin?.enabled !== true || !content?.trim()) return null;
  const list = [
    { label: 'Standard delivery', iso: dates?.standard ?? '' },
    { label: 'Express delivery', iso: dates?.express ?? '' },
  ].filter((d) => shortDate(d.iso) !== null);
  if (list.length > 0 && list.every((d) => d.iso < today)) return null;
  return { text: content.trim(), dates: list.filter((d) => d.iso >= today).map((d) => ({ label: d.label, date: shortDate(d.iso)! })) };
}

/** Whole days from `now` to `launch` (0 once it has come): what /countdown/ shows. */
export const daysUntil = (launch: Date, now: number = Date.now()): number => Math.max(0, Math.ceil((launch.getTime() - now) / 86_400_000));
