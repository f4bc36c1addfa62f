import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../../blocks/shared/sanitize';

describe('the canvas module on the server', () => {
  it('leaves saved HTML drawn as stored when the server renderer loads it (no browser sanitiser is installed)', async () => {
    expect(typeof window).toBe('undefined');
    await import('./Canvas');
    // Before: loading the canvas installed the builder's DOMPurify, and the next server rendering threw on `window`.
    expect(sanitizeRichText('<p>Saved <strong>copy</strong></p>')).toBe('<p>Saved <strong>copy</strong></p>');
  });
});
