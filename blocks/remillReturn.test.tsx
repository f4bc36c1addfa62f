// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { buildBlock, renderBlock } from './testing/renderBlock';
import { REMILL_FAILURE_MESSAGE, REMILL_SUBMIT_PATH } from './remillReturn';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function openForm(properties: Record<string, unknown> = {}) {
  await renderBlock('remillReturn', properties);
  fireEvent.click(screen.getByRole('button', { name: 'Get a free postage label' }));
  return screen.getByRole('dialog', { name: 'Return a garment' });
}
const emailInput = () => screen.getByLabelText('Email address') as HTMLInputElement;
const submit = () => fireEvent.submit(emailInput().form!);

describe('remillReturn', () => {
  it('§9 offer: 100% cotton garments, no denim or underwear, free UK postage, a coupon', () => {
    const copy = String(buildBlock('remillReturn').block.properties.copy);
    expect(copy).toContain('100% cotton');
    expect(copy).toContain('not denim or underwear');
    expect(copy).toContain('free UK postage');
    expect(copy).toContain('coupon');
  });

  it('§5.1 email is required and must be valid, with the exact messages, before anything is sent', async () => {
    await openForm();
    submit();
    expect(screen.getByText('This field is required')).toBeTruthy();
    fireEvent.change(emailInput(), { target: { value: 'not-an-email' } });
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(emailInput().getAttribute('aria-invalid')).toBe('true');
    submit();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('§7 posts {email}; §8 on type success the popup closes and the thank-you and server message show', async () => {
    fetchMock.mockResolvedValue(reply(200, { type: 'success', message: 'Your coupon is on its way.' }));
    await openForm();
    fireEvent.change(emailInput(), { target: { value: 'sam@example.com' } });
    await act(async () => submit());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(REMILL_SUBMIT_PATH);
    expect(REMILL_SUBMIT_PATH).toBe('/omnis/v3/frontend/retex/remill/submit/');
    expect(init!.method).toBe('POST');
    expect(JSON.parse(String(init!.body))).toEqual({ email: 'sam@example.com' });
    expect(screen.queryByRole('dialog')).toBeNull();
    const status = screen.getByRole('status');
    expect(status.textContent).toContain("Thanks! We've emailed you a postage label.");
    expect(status.textContent).toContain('Your coupon is on its way.');
    expect(screen.queryByRole('button', { name: 'Get a free postage label' })).toBeNull();
  });

  it('§5.2 ignores submissions while one is in flight', async () => {
    let resolve!: (r: Response) => void;
    fetchMock.mockReturnValue(new Promise<Response>((r) => (resolve = r)));
    await openForm();
    fireEvent.change(emailInput(), { target: { value: 'sam@example.com' } });
    submit();
    submit();
    fireEvent.click(screen.getByRole('button', { name: 'Sending…' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => resolve(reply(200, { type: 'success', message: 'ok' })));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('§8 shows the remill failure message when the call fails, and keeps the form', async () => {
    fetchMock.mockResolvedValue(reply(500, { message: 'boom' }));
    await openForm();
    fireEvent.change(emailInput(), { target: { value: 'sam@example.com' } });
    await act(async () => submit());
    expect(screen.getByRole('alert').textContent).toBe(REMILL_FAILURE_MESSAGE);
    expect(REMILL_FAILURE_MESSAGE).toBe("We're sorry, something went wrong. Please try again later.");
    expect(screen.getByRole('dialog')).toBeTruthy();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await act(async () => submit());
    expect(screen.getByRole('alert').textContent).toBe(REMILL_FAILURE_MESSAGE);
  });

  it('shows the server message and keeps the popup open when the type is not success', async () => {
    fetchMock.mockResolvedValue(reply(200, { type: 'error', message: 'You have already requested a label this month.' }));
    await openForm();
    fireEvent.change(emailInput(), { target: { value: 'sam@example.com' } });
    await act(async () => submit());
    expect(screen.getByRole('alert').textContent).toBe('You have already requested a label this month.');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('closes with Escape and returns focus to the button that opened it', async () => {
    await openForm();
    expect(document.activeElement).toBe(emailInput());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Get a free postage label' }));
  });
});
