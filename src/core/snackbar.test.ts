import { describe, expect, it, vi } from 'vitest';
import { createSnackbarQueue, messageForStatus, SNACKBAR_DURATION_MS, SNACKBAR_GAP_MS, SNACKBAR_GENERIC, SNACKBAR_MAX_QUEUED, SNACKBAR_SERVER_ERROR } from './snackbar';

describe('snackbar queue (§4, §9)', () => {
  it('has the spec constants', () => {
    expect([SNACKBAR_MAX_QUEUED, SNACKBAR_DURATION_MS, SNACKBAR_GAP_MS]).toEqual([4, 3000, 300]);
  });

  it('shows one at a time for 3,000 ms with a 300 ms gap, ignores duplicates by code and keeps at most 4 queued', () => {
    vi.useFakeTimers();
    try {
      const q = createSnackbarQueue();
      const snack = (code: string) => ({ code, text: code, kind: 'info' as const });
      expect(q.push(snack('a'))).toBe(true);
      expect(q.get().shown?.code).toBe('a');
      expect(q.push(snack('a'))).toBe(false); // shown: a duplicate
      for (const code of ['b', 'c', 'd', 'e']) expect(q.push(snack(code))).toBe(true);
      expect(q.push(snack('c'))).toBe(false); // queued: a duplicate
      expect(q.push(snack('f'))).toBe(false); // 4 already waiting
      expect(q.get().queued.map((s) => s.code)).toEqual(['b', 'c', 'd', 'e']);
      vi.advanceTimersByTime(SNACKBAR_DURATION_MS - 1);
      expect(q.get().shown?.code).toBe('a');
      vi.advanceTimersByTime(1);
      expect(q.get().shown).toBeNull();
      vi.advanceTimersByTime(SNACKBAR_GAP_MS - 1);
      expect(q.get().shown).toBeNull();
      vi.advanceTimersByTime(1);
      expect(q.get().shown?.code).toBe('b');
      q.dismiss();
      vi.advanceTimersByTime(SNACKBAR_GAP_MS);
      expect(q.get().shown?.code).toBe('c');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('§8 response routing by status', () => {
  it('422: the first validation message, else the message', () => {
    expect(messageForStatus(422, { message: 'Post failed validation', errors: { '/title': ['This field is required'], '/author': ['Other'] } })).toBe('This field is required');
    expect(messageForStatus(422, { message: 'Bad' })).toBe('Bad');
  });
  it('500: the fixed text; other 4xx/5xx: the server message or the generic text', () => {
    expect(messageForStatus(500, { message: 'stack trace' })).toBe(SNACKBAR_SERVER_ERROR);
    expect(messageForStatus(403, { message: 'Permission denied' })).toBe('Permission denied');
    expect(messageForStatus(503, {})).toBe(SNACKBAR_SERVER_ERROR);
    expect(messageForStatus(404, { message: '' })).toBe(SNACKBAR_SERVER_ERROR);
    expect(SNACKBAR_SERVER_ERROR).toBe('Oops.. looks like something went wrong');
  });
  it('no answer at all (status 0): the generic snackbar text', () => {
    expect(messageForStatus(0, {})).toBe(SNACKBAR_GENERIC);
    expect(SNACKBAR_GENERIC).toBe('Oops... looks like something went wrong. Please try again.');
  });
});
