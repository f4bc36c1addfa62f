// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderBlock } from './testing/renderBlock';

const question = (name = 'Do you ship abroad?') => screen.getByRole('button', { name });

describe('expandable block', () => {
  it('is a disclosure: the button controls the answer region', async () => {
    await renderBlock('expandable', { question: 'Do you ship abroad?', answer: '<p>Yes, worldwide.</p>' });
    const button = question();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const region = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(region.hidden).toBe(true);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(region.hidden).toBe(false);
    expect(screen.getByRole('region', { name: 'Do you ship abroad?' }).textContent).toBe('Yes, worldwide.');
    fireEvent.click(button);
    expect(region.hidden).toBe(true);
  });

  it('starts open when told to', async () => {
    await renderBlock('expandable', { question: 'Do you ship abroad?', open: true });
    expect(question().getAttribute('aria-expanded')).toBe('true');
  });

  it('closes on page change (§4) but not on a same-page update', async () => {
    const { router } = await renderBlock('expandable', { question: 'Do you ship abroad?' }, { path: '/faq' });
    fireEvent.click(question());
    await act(() => router.navigate('/faq?tab=2'));
    expect(question().getAttribute('aria-expanded')).toBe('true');
    await act(() => router.navigate('/shipping'));
    expect(question().getAttribute('aria-expanded')).toBe('false');
  });

  it('sanitises the answer', async () => {
    const { container } = await renderBlock('expandable', { open: true, answer: '<p>a</p><img src="x" onerror="alert(1)"><script>alert(2)</script>' });
    const answer = container.querySelector('.expandable__answer')!;
    expect(answer.innerHTML).not.toMatch(/onerror|script/);
  });
});
