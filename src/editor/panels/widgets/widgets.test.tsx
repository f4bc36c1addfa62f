// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import { SchemaForm } from '../SchemaForm';
import { deriveUiSchema } from '../uiSchema';
import { clearStoreLists } from '../storeData';
import { EDITING_DELAY_MS } from '../validation';
import { COLOUR_REQUIRED } from './ColourWidget';
import { UNSAFE_LINK_MESSAGE, linkTypeOf } from './LinkWidget';
import { ALT_MISSING } from './ImageField';
import { DISPLAY, STANDARD } from './FontWidget';
import { ICON_NAMES } from './IconWidget';

type Data = Record<string, unknown>;
/** Lets fetch mocks, FileReader and React updates finish inside act. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

/** One field in a real panel form; returns the patches it sent. */
function renderField(property: Record<string, unknown>, value: unknown, options: { required?: boolean } = {}) {
  const schema = { type: 'object', properties: { field: { title: 'Field', ...property } }, ...(options.required ? { required: ['field'] } : {}) } as RJSFSchema;
  const patches: Data[] = [];
  let data: Data = value === undefined ? {} : { field: value };
  const ui = deriveUiSchema(schema as never);
  const view = () => (
    <SchemaForm
      scope="t"
      schema={schema}
      uiSchema={ui}
      formData={data}
      divisionId={3}
      validate={() => []}
      onChange={(patch) => {
        patches.push(patch);
        data = { ...data, ...patch };
        utils.rerender(view());
      }}
    />
  );
  const utils = render(view());
  return { patches, last: () => patches.at(-1)?.field };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const PRODUCTS = { data: [{ id: 1, urlName: 'classic-tee', name: 'Classic Tee', image: { src: '/media/x.svg' } }, { id: 2, urlName: 'hoodie', name: 'Cosy Hoodie', image: null }] };
const COLLECTIONS = { data: [{ id: 1, urlName: 'summer', name: 'Summer', productCount: 4, banner: null }] };
const BLOG = { data: [{ id: 1, url: 'hello', title: 'Hello world' }] };
const PAGES = { data: [{ id: 1, url: '/about/', title: 'About us', homepage: false }] };
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  clearStoreLists();
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.includes('/products/')) return json(PRODUCTS);
    if (url.includes('/collections/get/')) return json(COLLECTIONS);
    if (url.includes('/blog/paginate/')) return json(BLOG);
    if (url.includes('/pages/')) return json(PAGES);
    if (url.endsWith('/media/') && init?.method === 'POST') return json({ id: 9, url: '/media/uploads/9-logo.png', filename: 'logo.png', contentType: 'image/png', size: 3 }, 201);
    if (url.endsWith('/media/')) return json({ data: [{ id: 8, url: '/media/uploads/8-old.png', filename: 'old.png', contentType: 'image/png', size: 3 }] });
    return json({ message: 'nope' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const COLOUR = { type: 'string', pattern: '^(#([0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8}))?$', 'x-ui': { widget: 'color' } };

describe('colour widget (§5.2 hex with opacity)', () => {
  it('takes 3/4/6/8-digit hex, writes 8-digit hex from the opacity slider and 6-digit from the picker', () => {
    const f = renderField(COLOUR, '#ff0000');
    const hex = screen.getByRole('textbox') as HTMLInputElement;
    fireEvent.change(hex, { target: { value: '#0f08' } });
    expect(f.last()).toBe('#0f08');
    fireEvent.change(hex, { target: { value: '#112233' } });
    fireEvent.change(screen.getByLabelText('Field: opacity'), { target: { value: '50' } });
    expect(f.last()).toBe('#11223380');
    expect(screen.getByText('50%')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Field: picker'), { target: { value: '#00ff00' } });
    expect(f.last()).toBe('#00ff0080'); // keeps the opacity
    fireEvent.change(screen.getByLabelText('Field: opacity'), { target: { value: '100' } });
    expect(f.last()).toBe('#00ff00');
    fireEvent.click(screen.getByLabelText('Clear Field'));
    expect(f.last()).toBe('');
  });

  it('"Please select a colour" when a required colour is left empty', () => {
    renderField(COLOUR, '', { required: true });
    const hex = screen.getByRole('textbox');
    fireEvent.focus(hex);
    fireEvent.blur(hex);
    expect(screen.getByRole('alert').textContent).toBe(COLOUR_REQUIRED);
  });
});

describe('link picker (§3 result types, §5.2 safe links)', () => {
  it('picks from the store: pages, products, collections, blog, actions, studio', async () => {
    const f = renderField({ type: 'string', 'x-ui': { widget: 'link' } }, '');
    const choose = () => fireEvent.click(screen.getByRole('button', { name: 'Choose' }));
    choose();
    fireEvent.click(await screen.findByRole('option', { name: /About us/ }));
    expect(f.last()).toBe('/about/');
    expect(screen.getByText('Page')).toBeTruthy();
    const cases: [string, RegExp, string][] = [
      ['Products', /Classic Tee/, '/product/classic-tee/'],
      ['Collections', /Summer/, '/collection/summer/'],
      ['Blog', /Hello world/, '/blog/hello/'],
      ['Actions', /Open live chat/, '@openChat'],
      ['Studio', /Customise Cosy Hoodie/, '/studio/hoodie/'],
    ];
    for (const [tab, option, href] of cases) {
      choose();
      fireEvent.click(screen.getByRole('tab', { name: tab }));
      fireEvent.click(await screen.findByRole('option', { name: option }));
      expect(f.last()).toBe(href);
    }
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual(
      expect.arrayContaining(['/omnis/v3/division/3/products/?limit=100', '/omnis/v3/collections/get/3/', expect.stringContaining('/omnis/v3/blog/paginate/?divisions=3')]),
    );
    // §2.4 select-link overlay: labelled, Escape closes it and focus goes back to "Choose".
    choose();
    const overlay = screen.getByRole('dialog', { name: /^Select a link/ });
    expect(overlay.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('searchbox'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose' }));
    expect(linkTypeOf('@openChat')).toBe('action');
    expect(linkTypeOf('https://example.com')).toBe('link');
  });

  it('a free link §5.2 would replace shows "Please enter a valid url" once editing stops', () => {
    vi.useFakeTimers();
    renderField({ type: 'string', 'x-ui': { widget: 'link' } }, '');
    const input = screen.getByRole('textbox');
    fireEvent.change(input, { target: { value: 'javascript:alert(1)' } });
    act(() => void vi.advanceTimersByTime(EDITING_DELAY_MS - 1));
    expect(screen.queryByText(UNSAFE_LINK_MESSAGE)).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByText(UNSAFE_LINK_MESSAGE)).toBeTruthy();
    fireEvent.change(input, { target: { value: 'https://example.com/' } });
    expect(screen.queryByText(UNSAFE_LINK_MESSAGE)).toBeNull();
  });
});

describe('image field', () => {
  const IMAGE = { type: 'object', properties: { src: { type: 'string' }, alt: { type: 'string' } }, 'x-ui': { widget: 'image' } };
  it('uploads to the store, previews, asks for alt text, removes', async () => {
    const f = renderField(IMAGE, undefined);
    const file = new File([new Uint8Array([1, 2, 3])], 'logo.png', { type: 'image/png' });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Upload'), { target: { files: [file] } });
      await settle();
    });
    expect(f.last()).toEqual({ src: '/media/uploads/9-logo.png', alt: '' });
    const post = fetchMock.mock.calls.find((c) => (c[1] as RequestInit | undefined)?.method === 'POST')!;
    expect(post[0]).toBe('/omnis/v3/divisions/3/media/');
    // The file itself travels as multipart form data (no base64 inside JSON).
    const sent = (post[1] as RequestInit).body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    const sentFile = sent.get('file') as File;
    expect([sentFile.name, sentFile.type, sentFile.size]).toEqual(['logo.png', 'image/png', 3]);
    expect(document.querySelector('.panel-image__preview img')!.getAttribute('src')).toBe('/media/uploads/9-logo.png');
    expect(screen.getByText(ALT_MISSING)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Alt text'), { target: { value: 'Our logo' } });
    expect(f.last()).toEqual({ src: '/media/uploads/9-logo.png', alt: 'Our logo' });
    expect(screen.queryByText(ALT_MISSING)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(f.last()).toBeUndefined();
  });

  it('reuses an earlier upload; shows the server message when an upload is refused', async () => {
    const f = renderField(IMAGE, undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Uploads' }));
    fireEvent.click(await screen.findByRole('button', { name: 'old.png' }));
    expect(f.last()).toEqual({ src: '/media/uploads/8-old.png', alt: '' });
    fetchMock.mockImplementationOnce(async () => json({ message: 'Must upload the following formats: png, jpg, webp, gif, svg' }, 422));
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Replace'), { target: { files: [new File(['x'], 'a.txt', { type: 'text/plain' })] } });
      await settle();
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Must upload the following formats: png, jpg, webp, gif, svg');
  });
});

describe('product and collection pickers', () => {
  it('list the store catalogue and store the url name; the chosen name is shown', async () => {
    const f = renderField({ type: 'string', 'x-ui': { widget: 'product' } }, '');
    expect(screen.getByRole('button', { name: 'Field' }).textContent).toBe('No product chosen');
    fireEvent.click(screen.getByRole('button', { name: 'Field' }));
    fireEvent.click(await screen.findByRole('option', { name: /Cosy Hoodie/ }));
    expect(f.last()).toBe('hoodie');
    expect(screen.getByRole('button', { name: 'Field' }).textContent).toBe('Cosy Hoodie');
    cleanup();
    const c = renderField({ type: 'string', 'x-ui': { widget: 'collection' } }, '');
    expect(screen.getByRole('button', { name: 'Field' }).textContent).toBe('All products');
    fireEvent.click(screen.getByRole('button', { name: 'Field' }));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'sum' } });
    fireEvent.click(await screen.findByRole('option', { name: /Summer/ }));
    expect(c.last()).toBe('summer');
  });
});

describe('font picker', () => {
  it('offers the standard and display fonts, each drawn in its own face (served from /fonts/)', () => {
    const f = renderField({ type: 'string', 'x-ui': { widget: 'font' } }, 'Lato');
    fireEvent.click(screen.getByRole('button', { name: /Field: Lato/ }));
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([...STANDARD, ...DISPLAY]);
    expect(STANDARD).toEqual(['Lato', 'Montserrat', 'Roboto', 'Open Sans']);
    expect(options.find((o) => o.textContent === 'Playfair Display')!.style.fontFamily).toContain('Playfair Display');
    expect(document.querySelector('style[data-editor-fonts]')!.textContent).toContain('url(/fonts/playfair-display/400.woff2)');
    fireEvent.click(options.find((o) => o.textContent === 'Montserrat')!);
    expect(f.last()).toBe('Montserrat');
  });
});

describe('rich text', () => {
  it('stores sanitised HTML: scripts and handlers never reach the value', () => {
    const f = renderField({ type: 'string', 'x-ui': { widget: 'richtext' } }, '<p>Hi</p>');
    const area = screen.getByRole('textbox', { name: 'Field' });
    expect(area.innerHTML).toBe('<p>Hi</p>');
    expect(screen.getByRole('toolbar').querySelectorAll('button')).toHaveLength(7);
    area.innerHTML = '<p onclick="x()">Hi <b>there</b></p><script>alert(1)</script><img src=x onerror="alert(1)">';
    fireEvent.input(area);
    expect(f.last()).toBe('<p>Hi <b>there</b></p><img src="x">');
  });
});

describe('range, icon, textarea and code', () => {
  it('range shows its value; opacity-like ranges as a percentage', () => {
    const f = renderField({ type: 'number', minimum: 0, maximum: 1, 'x-ui': { widget: 'range' } }, 0.15);
    expect(screen.getByText('15%')).toBeTruthy();
    fireEvent.change(screen.getByRole('slider'), { target: { value: '0.5' } });
    expect(f.last()).toBe(0.5);
  });

  it('icon picks from the icons the blocks draw', () => {
    const f = renderField({ type: 'string', 'x-ui': { widget: 'icon' } }, '');
    expect(ICON_NAMES).toContain('star');
    fireEvent.click(screen.getByRole('radio', { name: 'star' }));
    expect(f.last()).toBe('star');
    expect(screen.getByRole('radio', { name: 'star' }).getAttribute('aria-checked')).toBe('true');
  });

  it('textarea and code edit text; code is monospace', () => {
    const f = renderField({ type: 'string', 'x-ui': { widget: 'code' } }, '');
    const code = screen.getByRole('textbox');
    expect(code.className).toContain('panel-code');
    fireEvent.change(code, { target: { value: '<iframe></iframe>' } });
    expect(f.last()).toBe('<iframe></iframe>');
  });
});
