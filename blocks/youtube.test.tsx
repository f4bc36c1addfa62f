// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderBlock } from './testing/renderBlock';
import { EMBED_ORIGIN, INVALID_VIDEO, embedUrl, youtubeId } from './youtube';

const ID = 'dQw4w9WgXcQ';

describe('youtube block', () => {
  it.each([
    [ID, ID],
    [`https://www.youtube.com/watch?v=${ID}&t=42`, ID],
    [`https://m.youtube.com/watch?v=${ID}`, ID],
    [`https://youtu.be/${ID}?si=abc`, ID],
    [`https://www.youtube.com/embed/${ID}`, ID],
    [`https://youtube.com/shorts/${ID}`, ID],
    ['https://vimeo.com/123456', null],
    ['https://www.youtube.com/watch?v=short', null],
    ['not a video', null],
  ])('reads the video id from %s', (input, id) => {
    expect(youtubeId(input)).toBe(id);
  });

  it('asks before loading anything from YouTube, then plays from the privacy-enhanced host', async () => {
    const { container } = await renderBlock('youtube', { video: `https://youtu.be/${ID}`, title: 'How we print' });
    expect(container.querySelector('iframe, img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Play video: How we print' }));
    const frame = screen.getByTitle('How we print');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')!.startsWith(`${EMBED_ORIGIN}/embed/${ID}?`)).toBe(true);
    expect(EMBED_ORIGIN).toBe('https://www.youtube-nocookie.com');
  });

  it('defaults to the short ratio (0.49) and size 6', async () => {
    const { container, block } = await renderBlock('youtube', { video: ID });
    expect(container.querySelector<HTMLElement>('.youtube')!.style.getPropertyValue('--youtube-ratio')).toBe('1 / 0.49');
    expect(block.size.x).toBe(6);
    expect(screen.getByRole('button', { name: 'Play video: Video' })).toBeTruthy();
  });

  it('passes loop, controls and start to the player', () => {
    const url = new URL(embedUrl(ID, { loop: true, controls: false, start: 30 }));
    expect(url.searchParams.get('loop')).toBe('1');
    expect(url.searchParams.get('playlist')).toBe(ID);
    expect(url.searchParams.get('controls')).toBe('0');
    expect(url.searchParams.get('start')).toBe('30');
  });

  it('explains an unusable address in the builder and draws nothing for shoppers', async () => {
    const { unmount } = await renderBlock('youtube', { video: 'https://vimeo.com/1' }, { mode: 'preview' });
    expect(screen.getByText(INVALID_VIDEO)).toBeTruthy();
    unmount();
    const { container } = await renderBlock('youtube', { video: 'https://vimeo.com/1' });
    expect(container.querySelector('.youtube')).toBeNull();
  });
});
