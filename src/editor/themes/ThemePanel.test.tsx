// @vitest-environment jsdom
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { createEditorStore, type EditorStoreApi } from '../store';
import { renderWithEditor } from '../store/withEditor';
import { pageOf } from '../store/testing';
import { editorRegistry } from '../schemas';
import type { ThemeDoc } from '../../core/theme';
import { ThemePanel } from './ThemePanel';
import { CANVAS_SELECTOR, PREVIEW_STYLE_ID, previewCss, resolvePreview, themeDisplayName, themeFamilyForms } from './themeModel';

let store: EditorStoreApi;
beforeEach(() => {
  store = createEditorStore();
});

const dir = path.resolve(__dirname, '../../../themes');
const docs: Record<string, ThemeDoc> = Object.fromEntries(readdirSync(dir).map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(path.join(dir, f), 'utf8'))]));
const chainOf = (name: string) => {
  const chain: ThemeDoc[] = [];
  for (let d: ThemeDoc | undefined = docs[name]; d; d = d.parent ? docs[d.parent] : undefined) chain.unshift(d);
  return chain;
};
const registry = editorRegistry();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 30))));
let fetchMock: ReturnType<typeof vi.fn>;
const summary = (name: string, deprecated = false) => ({ name, deprecated, swatches: { primary: '#111111', contrast: '#ffffff', background: '#ffffff', text: '#222222' }, font: 'Lato' });

beforeEach(() => {
  store.setState({ themeSaved: null, themeDraft: null, themeDirty: false, themeContrast: [] });
  store.getState().load(pageOf([]), 3);
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/omnis/v3/themes/') return json({ data: [summary('naked'), summary('punch'), summary('deepSpace', true), summary('mocha', true)] });
    const named = /^\/omnis\/v3\/themes\/([^/]+)\/$/.exec(url);
    if (named) return json({ name: named[1], deprecated: false, chain: chainOf(named[1]!) });
    if (url === '/omnis/v3/divisions/3/theme/' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      return json({ name: body.name, properties: body.properties, theme: 'store-3', updatedAt: null });
    }
    if (url === '/omnis/v3/divisions/3/theme/') return json({ name: 'mocha', properties: {}, theme: 'mocha', updatedAt: null });
    return json({ message: 'nope' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.getElementById(PREVIEW_STYLE_ID)?.remove();
});

describe('theme model', () => {
  it('resolves a named theme plus overrides exactly like the server, references included', () => {
    const base = resolvePreview(registry, chainOf('punch'), {});
    const changed = resolvePreview(registry, chainOf('punch'), { 'primary.color': '#ff0000' });
    expect(changed.properties['primary.color']).toBe('#ff0000');
    expect(changed.variables['--primary-color']).toBe('#ff0000');
    expect(changed.properties['primary.font']).toBe(base.properties['primary.font']);
  });

  it('scopes the preview to the canvas and drops values that could break out of the rule', () => {
    const css = previewCss({ '--primary-color': '#ff0000', '--bad': 'red}body{display:none', '--font': '"A;b", serif' });
    expect(css).toBe(`${CANVAS_SELECTOR}{--primary-color:#ff0000;--font:"A;b", serif}`);
  });

  it('families come in x-family order with their schema titles', () => {
    const families = themeFamilyForms(registry);
    expect(families[0]).toMatchObject({ name: 'primary', title: 'Brand' });
    expect(families.at(-1)!.name).toBe('productPage');
  });
});

describe('<ThemePanel />', () => {
  it('lists named themes (deprecated hidden unless in use), previews a choice on the canvas only, saves overrides', async () => {
    renderWithEditor(store, <ThemePanel />);
    await settle();
    await settle();
    const names = screen.getAllByRole('button', { pressed: false }).concat(screen.getAllByRole('button', { pressed: true })).map((b) => b.querySelector('.theme-card__name')?.textContent).filter(Boolean);
    expect(names).toContain('Mocha'); // the store's current (deprecated) theme stays
    expect(names).not.toContain('Deep Space');
    expect(screen.getByRole('button', { pressed: true }).textContent).toContain('Mocha');
    // choose punch → preview on the canvas rule, the dashboard root untouched; the page has unsaved changes
    fireEvent.click(screen.getByRole('button', { name: /Punch/ }));
    expect(store.getState().themeDirty).toBe(true);
    await settle();
    const style = document.getElementById(PREVIEW_STYLE_ID)!;
    const punch = resolvePreview(registry, chainOf('punch'), {});
    expect(style.textContent).toContain(`--primary-color:${punch.variables['--primary-color']}`);
    expect(style.textContent!.startsWith(CANVAS_SELECTOR)).toBe(true);
    expect(document.documentElement.style.getPropertyValue('--primary-color')).toBe('');
    // edit the primary colour in the Brand section
    fireEvent.click(screen.getByText('Brand'));
    await settle();
    const hex = screen.getByLabelText('Primary colour') as HTMLInputElement;
    expect(hex.value).toBe(punch.properties['primary.color']);
    fireEvent.change(hex, { target: { value: '#123456' } });
    expect(document.getElementById(PREVIEW_STYLE_ID)!.textContent).toContain('--primary-color:#123456');
    // The one Save stores the theme (the page itself is unchanged, so it is not written again).
    await act(async () => void (await store.getState().save()));
    const put = fetchMock.mock.calls.find((c) => (c[1] as RequestInit | undefined)?.method === 'PUT')!;
    expect(JSON.parse(String((put[1] as RequestInit).body))).toEqual({ name: 'punch', properties: { 'primary.color': '#123456' } });
    expect(fetchMock.mock.calls.some((c) => (c[1] as RequestInit | undefined)?.method === 'PATCH')).toBe(false);
    expect(store.getState().themeDirty).toBe(false);
  });

  it('flags text/background pairs below WCAG AA, naming them in words', async () => {
    renderWithEditor(store, <ThemePanel />);
    await settle();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /Punch/ }));
    await settle();
    expect(screen.queryByRole('status', { name: 'Low contrast' })).toBeNull();
    const current = store.getState().themeDraft!;
    act(() => store.getState().setTheme({ name: current.name, overrides: { 'menu.background': '#fdf6ec', 'logo.text.color': '#ffffff' } }));
    await settle();
    const warning = screen.getByRole('status', { name: 'Low contrast' });
    expect(warning.textContent).toContain('Logo text colour on');
    expect(warning.textContent).toMatch(/needs 4\.5:1/);
    expect(store.getState().themeContrast.some((i) => i.text === 'logo.text.color')).toBe(true);
  });

  it('theme names read as words', () => {
    expect(themeDisplayName('atlasDark')).toBe('Atlas Dark');
    expect(themeDisplayName('pro-dark')).toBe('Pro Dark');
    expect(themeDisplayName('neonCity')).toBe('Neon City');
  });
});
