/** Reads one cookie of the current document. */
export function readCookie(name: string): string | undefined {
  // Server rendering has no document: the page is drawn for a visitor without cookies.
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split('; ')) {
    const eq = part.indexOf('=');
    if (part.slice(0, eq) === name) return decodeURIComponent(part.slice(eq + 1));
  }
  return undefined;
}
