// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { confirmOverlay, gotItKey, gotItOverlay, loadingOverlay, overlays } from './overlayStore';
import Overlay from './Overlay';

/** Draws the first open overlay as the host does (without the lazy import). */
function Host() {
  const first = overlays.get()[0];
  return first ? <Overlay key={first.id} request={first} /> : null;
}
const draw = () => render(<Host />);
const redraw = (view: ReturnType<typeof render>) => view.rerender(<Host />);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('§2.4 overlays', () => {
  it('confirm: a labelled alertdialog, focus starts on Cancel, Escape answers no, the button yes; focus returns', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const answer = confirmOverlay({ title: 'Delete layer?', text: 'The layer and its artwork go.', confirmLabel: 'Delete', danger: true });
    const view = draw();
    const dialog = screen.getByRole('alertdialog', { name: 'Delete layer?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByText('The layer and its artwork go.').id).toBe(dialog.getAttribute('aria-describedby'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    await expect(answer).resolves.toBe(false);
    redraw(view);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    const second = confirmOverlay({ title: 'Delete layer?', text: 'Sure?', confirmLabel: 'Delete' });
    redraw(view);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await expect(second).resolves.toBe(true);
    opener.remove();
  });

  it('got it: shown once, then remembered on this device', async () => {
    const first = gotItOverlay({ code: 'blog-posts', title: 'Posts are pages', text: 'Edit the blocks in the builder.' });
    const view = draw();
    expect(screen.getByRole('dialog', { name: 'Posts are pages' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    await first;
    expect(window.localStorage.getItem(gotItKey('blog-posts'))).toBe('1');
    await gotItOverlay({ code: 'blog-posts', title: 'Posts are pages', text: 'Again' });
    redraw(view);
    expect(overlays.get()).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('loading: no close control, Escape does not close it, Tab stays on it; it goes when the work settles', async () => {
    let finish: (value: string) => void = () => undefined;
    const done = loadingOverlay({ title: 'Creating your post', text: 'Opening the builder…' }, () => new Promise<string>((resolve) => (finish = resolve)));
    const view = draw();
    const dialog = screen.getByRole('dialog', { name: 'Creating your post' });
    expect(screen.queryByRole('button')).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    document.dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(true);
    redraw(view);
    expect(dialog.isConnected).toBe(true);
    await act(async () => finish('ok'));
    await expect(done).resolves.toBe('ok');
    expect(overlays.get()).toEqual([]);
    await expect(loadingOverlay({ title: 'Failing' }, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(overlays.get()).toEqual([]);
  });

  it('one at a time, in the order asked', () => {
    void confirmOverlay({ title: 'First', text: 'a' });
    void confirmOverlay({ title: 'Second', text: 'b' });
    const view = draw();
    expect(screen.getByRole('alertdialog', { name: 'First' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog', { name: 'Second' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(overlays.get().map((r) => r.title)).toEqual(['Second']);
    redraw(view);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(overlays.get()).toEqual([]);
  });
});
