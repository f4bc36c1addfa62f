import { useState, type CSSProperties } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { YoutubeProperties } from '../src/core/generated/blockProperties';
import { RATIOS } from '../src/renderer/style';
import './youtube.css';

export const INVALID_VIDEO = 'Must be a YouTube address or video id';
/** Privacy-enhanced host: no tracking cookies until the shopper plays the video. */
export const EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

const ID = /^[A-Za-z0-9_-]{11}$/;

/** The 11-character id from an id, a watch/embed/shorts address or a youtu.be link; null for anything else. */
export function youtubeId(video: string): string | null {
  const value = video.trim();
  if (ID.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  let id: string | null | undefined;
  if (host === 'youtu.be') id = url.pathname.split('/')[1];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [, kind, rest] = url.pathname.split('/');
    id = kind === 'watch' ? url.searchParams.get('v') : kind === 'embed' || kind === 'shorts' ? rest : null;
  }
  return id && ID.test(id) ? id : null;
}

/** The embed address; autoplay is on because it only loads once the shopper pressed play. */
export function embedUrl(id: string, p: Pick<YoutubeProperties, 'loop' | 'controls' | 'start'>): string {
  const params = new URLSearchParams({ autoplay: '1', rel: '0', playsinline: '1' });
  if (p.controls === false) params.set('controls', '0');
  if (p.start) params.set('start', String(p.start));
  // YouTube loops a single video only when it is also its own playlist.
  if (p.loop) {
    params.set('loop', '1');
    params.set('playlist', id);
  }
  return `${EMBED_ORIGIN}/embed/${id}?${params.toString()}`;
}

/**
 * A responsive YouTube video behind a click-to-load poster: nothing is requested from YouTube (not even a
 * thumbnail) until the shopper asks. "Play automatically" is therefore not honoured — it would need consent first.
 */
export default function Youtube({ properties: p, mode }: BlockProps<YoutubeProperties>) {
  const [playing, setPlaying] = useState(false);
  const id = youtubeId(p.video ?? '');
  const title = p.title || 'Video';
  if (!id) {
    if (mode !== 'preview') return null;
    return <p className="youtube youtube--message">{p.video ? INVALID_VIDEO : 'Add a YouTube address or video id.'}</p>;
  }
  const style = { '--youtube-ratio': `1 / ${RATIOS[p.ratio ?? 'short']}` } as CSSProperties;
  return (
    <div className="youtube" style={style}>
      {playing ? (
        <iframe
          className="youtube__frame"
          src={embedUrl(id, p)}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button type="button" className="youtube__poster" aria-label={`Play video: ${title}`} onClick={() => setPlaying(true)}>
          <span className="youtube__play" aria-hidden="true">
            <svg viewBox="0 0 68 48" width="68" height="48" focusable="false">
              <path d="M66.5 7.7a8.5 8.5 0 0 0-6-6C55.3.3 34 .3 34 .3s-21.3 0-26.5 1.4a8.5 8.5 0 0 0-6 6C.1 13 .1 24 .1 24s0 11 1.4 16.3a8.5 8.5 0 0 0 6 6C12.7 47.7 34 47.7 34 47.7s21.3 0 26.5-1.4a8.5 8.5 0 0 0 6-6C67.9 35 67.9 24 67.9 24s0-11-1.4-16.3z" fill="#f00" />
              <path d="M45 24 27 14v20z" fill="#fff" />
            </svg>
          </span>
          <span className="youtube__title">{title}</span>
          <span className="youtube__note">Plays from YouTube</span>
        </button>
      )}
    </div>
  );
}
