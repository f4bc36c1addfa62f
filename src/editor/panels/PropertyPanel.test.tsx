// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { createEditorStore, type EditorStoreApi } from '../store';
import { renderWithEditor } from '../store/withEditor';
import { blockOf, pageOf } from '../store/testing';
import { editorRegistry } from '../schemas';
import { PropertyPanel } from './PropertyPanel';
import { PagePanel } from './PagePanel';
import { BlockPropertiesForm } from './BlockPropertiesForm';
import { EDITING_DELAY_MS } from './validation';

let store: EditorStoreApi;
beforeEach(() => {
  store = createEditorStore();
});

const registry = editorRegistry();
const load = (blocks = [blockOf('banner', 'b1', { title: 'Hello' }), blockOf('iframe', 'f1')]) => store.getState().load(pageOf(blocks), 3);
const blockProps = (uid: string) => {
  const find = (list: { uid: string; properties: Record<string, unknown>; items: never[] }[]): Record<string, unknown> | undefined => {
    for (const b of list) {
      if (b.uid === uid) return b.properties;
      const inner = find(b.items);
      if (inner) return inner;
    }
  };
  return find(store.getState().page!.blocks as never)!;
};
const pastSteps = () => store.temporal.getState().pastStates.length;

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ data: [] }), { status: 200 })));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('<PropertyPanel />', () => {
  it("says when the owner's text colour and overlay fail WCAG AA on the measured picture, and what the shop draws instead", () => {
    const pale = { light: '#f2f7f9', dark: '#4f8aa0' };
    const image = { src: '/media/scene/coast.svg', alt: 'Coast', tone: { left: pale, center: pale, right: pale } };
    load([blockOf('banner', 'b1', { title: 'Back to the sea', image, overlayOpacity: 0.15 }), blockOf('banner', 'b2', { title: 'Night', image, overlayOpacity: 0.6 }), blockOf('banner', 'b3', { title: 'Typed', image: { src: 'https://example.com/x.jpg', alt: 'x' } })]);
    renderWithEditor(store, <PropertyPanel uid="b1" />);
    const notice = screen.getByRole('status', { name: 'Text legibility' });
    expect(notice.textContent).toMatch(/^Text hard to read on this picture/);
    expect(notice.textContent).toContain('WCAG AA needs 4.5:1');
    expect(notice.textContent).toMatch(/darkens the overlay to 5\d%/);
    cleanup();
    renderWithEditor(store, <PropertyPanel uid="b2" />);
    expect(screen.queryByRole('status', { name: 'Text legibility' })).toBeNull();
    cleanup();
    renderWithEditor(store, <PropertyPanel uid="b3" />);
    expect(screen.getByRole('status', { name: 'Text legibility' }).textContent).toContain('was not measured');
  });


  it("shows the block's values grouped in sections, with labels and help", () => {
    load();
    renderWithEditor(store, <PropertyPanel uid="b1" />);
    expect(screen.getByRole('heading', { name: 'Banner' })).toBeTruthy();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Hello');
    const sections = [...document.querySelectorAll('details.panel-section')].map((d) => d.querySelector('summary')!.textContent);
    expect(sections).toEqual(['Content', 'Style', 'Layout', 'Action', 'Schedule']);
    expect(screen.getByText('Shown up to 50 characters.')).toBeTruthy();
    // enum labels
    expect(screen.getByRole('option', { name: 'Compact' })).toBeTruthy();
  });

  it('typing goes to the store at once; one focus session is ONE undo step, a new focus a new one', () => {
    load();
    renderWithEditor(store, <PropertyPanel uid="b1" />);
    const input = screen.getByLabelText('Title') as HTMLInputElement;
    const before = pastSteps();
    fireEvent.focus(input);
    for (const text of ['Hello!', 'Hello!!', 'Hello!!!']) fireEvent.change(input, { target: { value: text } });
    expect(blockProps('b1').title).toBe('Hello!!!');
    expect(pastSteps()).toBe(before + 1);
    fireEvent.blur(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Bye' } });
    expect(pastSteps()).toBe(before + 2);
    act(() => store.getState().undo());
    expect(blockProps('b1').title).toBe('Hello!!!');
    act(() => store.getState().undo());
    expect(blockProps('b1').title).toBe('Hello');
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Hello');
  });

  it("lists the block's store.invalid messages at the top", () => {
    load([blockOf('iframe', 'f1')]);
    act(() => store.getState().updateProperties('f1', { code: '<div>' }));
    renderWithEditor(store, <PropertyPanel uid="f1" />);
    expect(screen.getByText('This block needs attention')).toBeTruthy();
    expect(screen.getAllByText('Invalid Embed Code').length).toBeGreaterThan(0);
  });
});

describe('§4 validation timing: errors show when editing stops (1500 ms)', () => {
  it('runs on every input, shows the spec message only after 1500 ms without input, clears a fixed error at once', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    const { rerender } = renderWithEditor(store, <BlockPropertiesForm registry={registry} uid="f1" type="iframe" properties={{ code: '' }} divisionId={3} onChange={onChange} />);
    const code = screen.getByLabelText('Embed code');
    fireEvent.focus(code);
    fireEvent.change(code, { target: { value: '<div>' } });
    rerender(<BlockPropertiesForm registry={registry} uid="f1" type="iframe" properties={{ code: '<div>' }} divisionId={3} onChange={onChange} />);
    act(() => void vi.advanceTimersByTime(EDITING_DELAY_MS - 1));
    expect(screen.queryByText('Invalid Embed Code')).toBeNull();
    fireEvent.change(code, { target: { value: '<div>x' } }); // still typing: the clock restarts
    rerender(<BlockPropertiesForm registry={registry} uid="f1" type="iframe" properties={{ code: '<div>x' }} divisionId={3} onChange={onChange} />);
    act(() => void vi.advanceTimersByTime(EDITING_DELAY_MS - 1));
    expect(screen.queryByText('Invalid Embed Code')).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByText('Invalid Embed Code')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Invalid Embed Code');
    // Fixing it removes the error immediately.
    fireEvent.change(code, { target: { value: '<iframe src="https://example.com"></iframe>' } });
    rerender(<BlockPropertiesForm registry={registry} uid="f1" type="iframe" properties={{ code: '<iframe src="https://example.com"></iframe>' }} divisionId={3} onChange={onChange} />);
    expect(screen.queryByText('Invalid Embed Code')).toBeNull();
    // One gesture for the whole focus session.
    const gestures = new Set(onChange.mock.calls.map((c) => c[1]));
    expect(onChange).toHaveBeenCalledTimes(3);
    expect(gestures.size).toBe(1);
  });

  it('blur ends editing: the error shows at once', () => {
    vi.useFakeTimers();
    renderWithEditor(store, <BlockPropertiesForm registry={registry} uid="b1" type="banner" properties={{ fontScale: 1 }} divisionId={3} onChange={() => undefined} />);
    const input = screen.getByLabelText('Title');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'x'.repeat(201) } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toMatch(/200/);
  });
});

describe('<PagePanel />', () => {
  it('edits §3 page properties through store.updatePage; the homepage has no address field', () => {
    load();
    renderWithEditor(store, <PagePanel />);
    const title = screen.getByLabelText(/^Title/) as HTMLInputElement;
    expect(title.value).toBe('About');
    fireEvent.focus(title);
    fireEvent.change(title, { target: { value: 'About us' } });
    expect(store.getState().page!.properties.title).toBe('About us');
    fireEvent.click(screen.getByLabelText('List in the sitemap'));
    expect(store.getState().page!.sitemap).toBe(false);
    expect(screen.getByLabelText('Address')).toBeTruthy();
    cleanup();
    store.getState().load(pageOf([], { url: '/', flags: { homepage: true } }), 3);
    renderWithEditor(store, <PagePanel />);
    expect(screen.queryByLabelText('Address')).toBeNull();
    expect(screen.getByText('Homepage')).toBeTruthy();
  });
});

describe('per-device settings in the block panel', () => {
  const block = (uid: string) => store.getState().page!.blocks.find((b) => b.uid === uid)!;
  const alignField = () => document.querySelector<HTMLElement>('[data-field$="_textAlign"]')!;
  const device = (name: string) => screen.getByRole('button', { name, pressed: undefined });

  it('edits the device the canvas shows, switchable in the panel; a phone alignment is a phone override', () => {
    load();
    renderWithEditor(store, <PropertyPanel uid="b1" />);
    const group = screen.getByRole('group', { name: 'Device being edited' });
    expect(group.querySelector('[aria-pressed="true"]')!.textContent).toBe('Desktop');
    expect(screen.getByText(/Desktop values apply to tablet and phone too/)).toBeTruthy();
    // At desktop the per-device fields say they can differ by device.
    expect(alignField().textContent).toContain('(can differ by device)');

    fireEvent.click(device('Phone'));
    expect(store.getState().device).toBe('phone');
    expect(alignField().textContent).toContain('From desktop');
    const select = screen.getByLabelText('Text alignment') as HTMLSelectElement;
    expect(select.value).toBe('1'); // rjsf's index of "center"
    const before = pastSteps();
    fireEvent.change(select, { target: { value: '0' } }); // left
    expect(block('b1').properties.textAlign).toBe('center');
    expect(block('b1').responsive).toEqual({ phone: { textAlign: 'left' } });
    expect(pastSteps()).toBe(before + 1);
    expect(alignField().textContent).toContain('Set for phone');
    expect(alignField().classList.contains('panel-field--overridden')).toBe(true);

    // A setting that is the same on every device still changes desktop's value from the phone.
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Everywhere' } });
    expect(block('b1').properties.title).toBe('Everywhere');

    // Back at desktop: centred, and the field says the phone differs.
    fireEvent.click(device('Desktop'));
    expect((screen.getByLabelText('Text alignment') as HTMLSelectElement).value).toBe('1');
    expect(alignField().textContent).toContain('Phone differs');

    // Tablet inherits desktop, not the phone's value.
    fireEvent.click(device('Tablet'));
    expect((screen.getByLabelText('Text alignment') as HTMLSelectElement).value).toBe('1');
    expect(alignField().textContent).toContain('From desktop');
  });

  it('resets an override to the value it inherits, as one undo step', () => {
    load([blockOf('banner', 'b1', { title: 'Hi', textAlign: 'center' })]);
    act(() => {
      store.getState().setDevice('phone');
      store.getState().updateProperties('b1', { textAlign: 'right' }, 'g', 'phone');
    });
    renderWithEditor(store, <PropertyPanel uid="b1" />);
    expect((screen.getByLabelText('Text alignment') as HTMLSelectElement).value).toBe('2');
    const steps = pastSteps();
    fireEvent.click(screen.getByRole('button', { name: 'Reset Text alignment on phone to the desktop value' }));
    expect(block('b1').responsive).toBeUndefined();
    expect(pastSteps()).toBe(steps + 1);
    expect((screen.getByLabelText('Text alignment') as HTMLSelectElement).value).toBe('1');
    expect(alignField().textContent).toContain('From desktop');
    act(() => store.getState().undo());
    expect(block('b1').responsive).toEqual({ phone: { textAlign: 'right' } });
    expect((screen.getByLabelText('Text alignment') as HTMLSelectElement).value).toBe('2');
  });

  it('hides any block on one device only', () => {
    load([blockOf('iframe', 'f1')]);
    act(() => store.getState().setDevice('tablet'));
    renderWithEditor(store, <PropertyPanel uid="f1" />);
    fireEvent.click(screen.getByLabelText('Hide on this device'));
    expect(block('f1').responsive).toEqual({ tablet: { hidden: true } });
    expect(block('f1').properties.hidden).toBeUndefined();
    expect(screen.getByText(/change tablet and phone only/)).toBeTruthy();
  });
});
