// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderBlock } from './testing/renderBlock';

afterEach(cleanup);

describe('placeholder', () => {
  it('shows a dashed drop-zone with its label and note in the builder', async () => {
    await renderBlock('placeholder', { label: 'Hero image', note: 'Summer campaign photo', minHeight: 320 }, { mode: 'preview' });
    expect(screen.getByText('Hero image')).toBeTruthy();
    expect(screen.getByText('Summer campaign photo')).toBeTruthy();
    expect((document.querySelector('.placeholder--builder') as HTMLElement).style.minHeight).toBe('320px');
  });

  it('shows shoppers nothing but the reserved space', async () => {
    await renderBlock('placeholder', { label: 'Hero image', note: 'Summer campaign photo' });
    const box = document.querySelector('.placeholder') as HTMLElement;
    expect(box.textContent).toBe('');
    expect(box.getAttribute('aria-hidden')).toBe('true');
    expect(box.style.minHeight).toBe('200px');
    expect(screen.queryByText('Hero image')).toBeNull();
  });
});
