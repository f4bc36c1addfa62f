// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { useBlockConditions } from './useBlockConditions';
import { session } from '../auth/session';
import { user } from '../auth/testing';

const inRouter = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;

describe('useBlockConditions', () => {
  it('keeps the same conditions when the visitor turns out anonymous, and changes them on signing in', () => {
    // Drawn while the session is unknown; the probe then finds no sign of a session in this browser: anonymous.
    const seen: ReturnType<typeof useBlockConditions>[] = [];
    renderHook(() => seen.push(useBlockConditions()), { wrapper: inRouter });
    expect(session.get().status).toBe('anonymous');
    expect(seen.length).toBeGreaterThan(1);
    // The page's blocks are drawn from these: the same object means none of them is drawn again.
    expect(new Set(seen).size).toBe(1);
    act(() => session.set(user()));
    expect(seen.at(-1)).not.toBe(seen[0]);
    expect(seen.at(-1)!['logged-in']()).toBe(true);
  });
});
