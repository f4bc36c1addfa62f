// @vitest-environment jsdom
import { Activity, type ReactElement } from 'react';
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
import { Y, Z, findRichText, placeCaret, polyfillProseMirrorDom, typeInto } from './testing';
import { builderHtmlSanitizers } from '../../htmlSanitizers';

type Data = Record<string, unknown>;
/** Lets fetch mocks, FileReader and React updates finish inside act. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

/** One field in a real panel form; returns the patches it sent. */
function renderField(property: Record<string, unknown>, value: unknown, options: { required?: boolean; wrap?: (form: ReactElement) => ReactElement } = {}) {
  const schema = { type: 'object', properties: { field: { title: 'Field', ...property } }, ...(options.required ? { required: ['field'] } : {}) } as RJSFSchema;
  const patches: Data[] = [];
  let data: Data = value === undefined ? {} : { field: value };
  const ui = deriveUiSchema(schema as never);
  const form = () => (
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
  const view = () => (options.wrap ? options.wrap(form()) : form());
  const utils = render(view());
  /** A new value from outside the field (the store after undo, redo or another block). */
  const set = (next: unknown) => {
    data = { ...data, field: next };
    act(() => utils.rerender(view()));
  };
  return { patches, last: () => patches.at(-1)?.field, set };
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

describe('rich text (Tiptap)', () => {
  const RICH = { type: 'string', 'x-ui': { widget: 'richtext' } };
  beforeEach(() => polyfillProseMirrorDom());
  const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

  it('is a labelled multi-line textbox with the formatting toolbar', async () => {
    renderField(RICH, '<p>Hi</p>');
    const { area } = await findRichText('Field');
    expect(area.getAttribute('aria-multiline')).toBe('true');
    expect(area.innerHTML).toBe('<p>Hi</p>');
    const toolbar = screen.getByRole('toolbar', { name: 'Field: formatting' });
    expect([...toolbar.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'))).toEqual(['Bold', 'Italic', 'Heading', 'Paragraph', 'Bulleted list', 'Numbered list', 'Link']);
  });

  it('toolbar commands store the formatted text as sanitised HTML and show what is on', async () => {
    const f = renderField(RICH, '<p>Hi there</p>');
    const { editor } = await findRichText('Field');
    act(() => void editor.commands.selectAll());
    expect(pressed('Paragraph')).toBe('true');
    expect(pressed('Bold')).toBe('false');
    // Each button, in turn, over the whole text: what is stored, and which buttons are then on and off.
    const steps: [button: string, stored: string, off?: string][] = [
      ['Bold', '<p><strong>Hi there</strong></p>'],
      ['Italic', '<p><strong><em>Hi there</em></strong></p>'],
      ['Heading', '<h2><strong><em>Hi there</em></strong></h2>', 'Paragraph'],
      ['Bulleted list', '<ul><li><p><strong><em>Hi there</em></strong></p></li></ul>', 'Heading'],
      ['Paragraph', '<p><strong><em>Hi there</em></strong></p>', 'Bulleted list'],
      ['Numbered list', '<ol><li><p><strong><em>Hi there</em></strong></p></li></ol>', 'Paragraph'],
    ];
    for (const [button, stored, off] of steps) {
      fireEvent.click(screen.getByRole('button', { name: button }));
      expect(f.last(), button).toBe(stored);
      expect(pressed(button), button).toBe('true');
      if (off) expect(pressed(off), `${off} after ${button}`).toBe('false');
    }
  });

  it('links only to §5.2 addresses: an unsafe one is refused with the url message', async () => {
    const f = renderField(RICH, '<p>About us</p>');
    const { editor } = await findRichText('Field');
    act(() => void editor.commands.selectAll());
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const address = screen.getByRole('textbox', { name: 'Link address' });
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    expect(screen.getByText('Please enter a valid url')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add link' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(address, { target: { value: '/about/' } });
    expect(screen.queryByText('Please enter a valid url')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add link' }));
    expect(f.last()).toBe('<p><a href="/about/">About us</a></p>');
    expect(pressed('Link')).toBe('true');
    // Over the link: its address is offered again, and it can be removed.
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    expect((screen.getByRole('textbox', { name: 'Link address' }) as HTMLInputElement).value).toBe('/about/');
    fireEvent.click(screen.getByRole('button', { name: 'Remove link' }));
    expect(f.last()).toBe('<p>About us</p>');
  });

  it('scripts, handlers and javascript: links never reach the value, pasted or set from outside', async () => {
    const f = renderField(RICH, '<p onclick="steal()">Hi <b>there</b></p><script>alert(1)</script>');
    const { area, editor } = await findRichText('Field');
    expect(area.innerHTML).toBe('<p>Hi <strong>there</strong></p>');
    placeCaret(area, editor);
    const purify = vi.spyOn(builderHtmlSanitizers, 'richText');
    act(() => void editor.view.pasteHTML('<p onclick="x()">More</p><script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">bad</a> <a href="data:text/html;base64,PHNjcmlwdD4=">data</a>'));
    const value = f.last() as string;
    expect(value).toContain('More');
    expect(value).toContain('bad');
    expect(value).not.toMatch(/script|onclick|onerror|javascript:|alert|data:/);
    // The editor's own schema drops most of it; DOMPurify has the last word on what is stored (the data: link).
    expect(purify).toHaveLastReturnedWith(value);
    purify.mockRestore();
  });

  it('a value from outside (undo, redo, another block) replaces the text without being sent back', async () => {
    const f = renderField(RICH, '<p>Block 0</p>');
    const { area, editor } = await findRichText('Field');
    placeCaret(area, editor);
    typeInto(editor, 'abcde');
    expect(f.last()).toBe('<p>Block 0abcde</p>');
    const sent = f.patches.length;
    f.set('<p>Block 0</p>');
    expect(area.innerHTML).toBe('<p>Block 0</p>');
    expect(f.patches).toHaveLength(sent);
    // The caret is still in the field, after the restored text: the next keystroke edits it.
    expect(document.activeElement).toBe(area);
    typeInto(editor, 'f');
    expect(f.last()).toBe('<p>Block 0f</p>');
  });

  it('its own value coming back leaves the text and the caret alone', async () => {
    const f = renderField(RICH, '<p>Hi there</p>');
    const { area, editor } = await findRichText('Field');
    placeCaret(area, editor, 3);
    const doc = editor.state.doc;
    typeInto(editor, ',');
    // renderField echoes every change back as the form's new value, as the store does.
    expect(f.last()).toBe('<p>Hi, there</p>');
    expect(editor.state.selection.from).toBe(4);
    expect(editor.state.doc).not.toBe(doc);
    const typed = editor.state.doc;
    f.set('<p>Hi, there</p>');
    expect(editor.state.doc).toBe(typed);
    expect(editor.state.selection.from).toBe(4);
  });

  it('keeps the current text when React hides the panel and shows it again', async () => {
    // Hidden, the field's effects are disconnected and Tiptap drops its editor; shown again, the field must hold the
    // current value and keep working (the builder crashed here once, reading the dropped editor).
    let mode: 'visible' | 'hidden' = 'visible';
    const f = renderField(RICH, '<p>Block 0</p>', { wrap: (form) => <Activity mode={mode}>{form}</Activity> });
    const first = await findRichText('Field');
    placeCaret(first.area, first.editor);
    typeInto(first.editor, 'abc');
    expect(f.last()).toBe('<p>Block 0abc</p>');
    mode = 'hidden';
    f.set('<p>Block 0abc</p>');
    await act(async () => void (await settle()));
    mode = 'visible';
    f.set('<p>Block 0abc</p>');
    await act(async () => void (await settle()));
    const again = await findRichText('Field');
    expect(again.area.innerHTML).toBe('<p>Block 0abc</p>');
    placeCaret(again.area, again.editor);
    typeInto(again.editor, 'd');
    expect(f.last()).toBe('<p>Block 0abcd</p>');
  });

  it('Ctrl/Cmd+Z, Ctrl+Y and Ctrl/Cmd+Shift+Z in the field are left to the builder (no undo of its own)', async () => {
    renderField(RICH, '<p>Hi</p>');
    const { area, editor } = await findRichText('Field');
    placeCaret(area, editor);
    typeInto(editor, ' there');
    // With key codes, as a browser sends them: ProseMirror cancels Mod-Z/Y by key code to stop the browser's own undo.
    for (const keys of [{ ctrlKey: true }, { metaKey: true }, { ctrlKey: true, shiftKey: true }]) {
      expect(fireEvent.keyDown(area, { ...Z, ...keys })).toBe(true); // not cancelled: it bubbles to the shortcut handler
    }
    expect(fireEvent.keyDown(area, { ...Y, ctrlKey: true })).toBe(true);
    expect(area.innerHTML).toBe('<p>Hi there</p>');
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
