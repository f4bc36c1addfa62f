// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi, beforeEach } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createEditorStore, type EditorStoreApi } from '../store';
import { renderWithEditor } from '../store/withEditor';
import { textPage } from '../store/testing';
import { runSave } from './saveActions';
import { SetupNotice, setupNoticeText } from './SetupNotice';
import { json, mockFetch } from '../../auth/testing';
import { SETUP_STEPS, type PageSaveSetup, type SetupStepCode } from '../../core/setupSteps';
import type { PageDocument } from '../../core/storeData';

let store: EditorStoreApi;
beforeEach(() => {
  store = createEditorStore();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DIVISION = 3;
const BUILDER = `/dashboard/pages/7/edit`;

function progress(done: SetupStepCode[], completed: SetupStepCode[], hrefs: Partial<Record<SetupStepCode, string>> = {}): PageSaveSetup {
  const steps = SETUP_STEPS.map((s) => ({ code: s.code, title: s.title, done: done.includes(s.code), href: hrefs[s.code] ?? null }));
  return { steps, next: steps.find((s) => !s.done)?.code ?? null, completed };
}

function renderNotice() {
  const router = createMemoryRouter(
    [
      { path: '/dashboard/pages/:pageId/edit', element: <SetupNotice /> },
      { path: '*', element: <p data-testid="went">went</p> },
    ],
    { initialEntries: [`${BUILDER}?store=${DIVISION}`] },
  );
  renderWithEditor(store, <RouterProvider router={router} />);
  return router;
}

/** Loads `page` into the editor, changes it, and saves through the real store against a server answering `answer`. */
async function saveWith(page: PageDocument, answer: (body: Record<string, unknown>) => unknown) {
  const calls = mockFetch((call) => json(answer(call.body as Record<string, unknown>)));
  act(() => store.getState().load(page, DIVISION));
  act(() => store.getState().updateProperties('t0', { text: 'Hello' }));
  await act(async () => {
    await runSave(store);
  });
  return calls;
}

const saved = (page: PageDocument, body: Record<string, unknown>) => ({ ...page, ...body, version: page.version + 1 });

describe('the set-up confirmation after a homepage save', () => {
  it('says the homepage step is done and what is next, linking to the dashboard checklist when the next step has no screen', async () => {
    const home = textPage(2, { url: '/', flags: { homepage: true } });
    const router = renderNotice();
    expect(screen.queryByTestId('setup-notice')).toBeNull();
    const calls = await saveWith(home, (body) => ({ ...saved(home, body), setup: progress(['homepage'], ['homepage'], { homepage: `${BUILDER}?store=3`, theme: `${BUILDER}?store=3` }) }));
    expect(calls[0]).toMatchObject({ method: 'PATCH', url: '/omnis/v3/divisions/3/pages/7/?imageType=object' });

    const notice = await screen.findByTestId('setup-notice');
    expect(notice.getAttribute('role')).toBe('status');
    expect(within(notice).getByText('Homepage done, nice work!')).toBeTruthy();
    expect(within(notice).getByText('Next: add a collection.')).toBeTruthy();
    expect(within(notice).getByText('1 of 5 set-up steps complete')).toBeTruthy();
    const link = within(notice).getByRole('link', { name: 'Open your checklist' });
    expect(link.getAttribute('href')).toBe('/dashboard/');
    // The editor's page is the page: the progress is not kept in it.
    expect(store.getState().page).not.toHaveProperty('setup');
    expect(store.getState().page!.version).toBe(2);

    fireEvent.click(link);
    expect(router.state.location.pathname).toBe('/dashboard/');
  });

  it('links straight to the next step when it is done elsewhere; can be dismissed', async () => {
    const home = textPage(1, { url: '/', flags: { homepage: true } });
    renderNotice();
    await saveWith(home, (body) => ({ ...saved(home, body), setup: progress(['homepage', 'collection', 'product'], ['homepage'], { theme: '/somewhere/else?store=3' }) }));
    const notice = await screen.findByTestId('setup-notice');
    expect(within(notice).getByText('Next: choose the look of your store.')).toBeTruthy();
    expect(within(notice).getByRole('link', { name: 'Choose a theme' }).getAttribute('href')).toBe('/somewhere/else?store=3');
    expect(within(notice).getByRole('link', { name: 'See all steps' }).getAttribute('href')).toBe('/dashboard/');
    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('setup-notice')).toBeNull();
  });

  it('shows nothing for another page, or for a homepage whose step was already done', async () => {
    const about = textPage(1);
    renderNotice();
    await saveWith(about, (body) => saved(about, body));
    expect(store.getState().dirty).toBe(false);
    expect(screen.queryByTestId('setup-notice')).toBeNull();

    const home = textPage(1, { url: '/', flags: { homepage: true } });
    await saveWith(home, (body) => ({ ...saved(home, body), setup: progress(['homepage'], []) }));
    expect(store.getState().dirty).toBe(false);
    expect(screen.queryByTestId('setup-notice')).toBeNull();
  });
});

describe('setupNoticeText', () => {
  it('a next step done on this very page gets its hint, not a link to itself; the last step done says so', () => {
    const here = setupNoticeText(progress(['homepage', 'collection', 'product'], ['homepage'], { theme: `${BUILDER}?store=3` }), BUILDER);
    expect(here.next).toBe('Next: choose the look of your store.');
    expect(here.hint).toBe(SETUP_STEPS[3].hint);
    expect(here.primary).toEqual({ href: '/dashboard/', label: 'Open your checklist' });
    expect(here.secondary).toBeNull();

    const all = setupNoticeText(progress(['homepage', 'collection', 'product', 'theme', 'sale'], ['homepage']));
    expect(all.next).toBe('Your store is all set up.');
    expect(all.progress).toBe('5 of 5 set-up steps complete');
  });
});
