const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/** A plain decimal ("12", "-0.5", ".5", "3."); anything else (1e3, 12px, "") is NaN rather than half-parsed. */
export function parseDecimal(text: string): number {
  const trimmed = text.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : NaN;
}

/** §5.1 number fields: an empty value becomes 0, otherwise the decimal is parsed (NaN when it is not one). */
export function parseNumberField(raw: unknown): number {
  if (typeof raw === 'number') return raw;
  if (raw === null || raw === undefined) return 0;
  const text = String(raw);
  return text.trim() === '' ? 0 : parseDecimal(text);
}
