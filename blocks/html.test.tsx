// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderBlock } from './testing/renderBlock';

declare global {
  interface Window {
    pwned?: boolean;
  }
}

describe('html block', () => {
  afterEach(() => {
    delete window.pwned;
  });

  it('draws the owner’s markup', async () => {
    await renderBlock('html', { html: '<h2>Size guide</h2><p>Fits <strong>true</strong> to size</p>' });
    expect(screen.getByRole('heading', { name: 'Size guide' })).toBeTruthy();
    expect(screen.getByText('true').tagName).toBe('STRONG');
  });

  it('drops <script>, event handlers and javascript: links', async () => {
    const { container } = await renderBlock('html', {
      html: '<p>ok</p><script>window.pwned = true</script><img src="x.png" onerror="window.pwned = true"><a href="javascript:window.pwned=true">click</a><div onclick="window.pwned=true">d</div>',
    });
    const box = container.querySelector('.html-block')!;
    expect(box.querySelector('script')).toBeNull();
    expect(box.innerHTML).not.toMatch(/onerror|onclick|javascript:/i);
    expect(box.querySelector('img')!.getAttribute('src')).toBe('x.png');
    expect(screen.getByText('click').getAttribute('href')).toBeNull();
    expect(window.pwned).toBeUndefined();
  });

  it('drops forms so nothing can pose as checkout', async () => {
    const { container } = await renderBlock('html', { html: '<form action="https://evil.test"><input name="card"></form>' });
    expect(container.querySelector('form, input')).toBeNull();
  });

  it('shows a hint when empty in preview and nothing on the storefront', async () => {
    const { unmount } = await renderBlock('html', { html: '<script>x()</script>' }, { mode: 'preview' });
    expect(screen.getByText('Add some HTML to show here.')).toBeTruthy();
    unmount();
    const { container } = await renderBlock('html', { html: '' });
    expect(container.querySelector('.html-block')).toBeNull();
  });
});
