// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderBlock } from './testing/renderBlock';
import { IFRAME_SANDBOX } from './iframe';
import { INVALID_EMBED_CODE, embedSource } from './shared/embed';

const good = '<iframe src="https://forms.example.com/embed?id=1&amp;x=2" width="600" frameborder="0"></iframe>';

describe('iframe block', () => {
  it('uses the §5.1 message', () => {
    expect(INVALID_EMBED_CODE).toBe('Invalid Embed Code');
  });

  it.each([
    ['two iframes', `${good}${good}`],
    ['a script around it', `${good}<script>alert(1)</script>`],
    ['an event handler', '<iframe src="https://a.example" onload="alert(1)"></iframe>'],
    ['a javascript: src', '<iframe src="javascript:alert(1)"></iframe>'],
    ['srcdoc', '<iframe srcdoc="<script>alert(1)</script>" src="https://a.example"></iframe>'],
    ['no src', '<iframe></iframe>'],
    ['not an iframe', '<div>hi</div>'],
  ])('rejects an embed code with %s', (_, code) => {
    expect(embedSource(code)).toBeNull();
  });

  it('draws its own sandboxed, lazy frame from the code’s src (entities decoded), 1000px high by default', async () => {
    const { container } = await renderBlock('iframe', { code: good, title: 'Order form' });
    const frame = screen.getByTitle('Order form');
    expect(frame.getAttribute('src')).toBe('https://forms.example.com/embed?id=1&x=2');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms allow-popups');
    expect(IFRAME_SANDBOX).toBe(frame.getAttribute('sandbox'));
    expect(frame.getAttribute('loading')).toBe('lazy');
    expect(frame.getAttribute('height')).toBe('1000');
    // The snippet's other attributes are not carried over: only the src is taken.
    expect(frame.hasAttribute('frameborder')).toBe(false);
    expect(container.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('falls back to the https address when there is no code', async () => {
    await renderBlock('iframe', { src: 'https://maps.example.com/x', height: 400 });
    const frame = screen.getByTitle('Embedded content');
    expect(frame.getAttribute('src')).toBe('https://maps.example.com/x');
    expect(frame.getAttribute('height')).toBe('400');
  });

  it('shows "Invalid Embed Code" in preview and nothing in native mode', async () => {
    const bad = `${good}<script>alert(1)</script>`;
    const preview = await renderBlock('iframe', { code: bad }, { mode: 'preview' });
    expect(preview.errors.map((e) => e.message)).toContain('Invalid Embed Code');
    expect(screen.getByRole('alert').textContent).toBe('Invalid Embed Code');
    expect(preview.container.querySelector('iframe, script')).toBeNull();
    preview.unmount();
    const native = await renderBlock('iframe', { code: bad });
    expect(native.container.querySelector('iframe, script, .iframe-block__message')).toBeNull();
  });
});
