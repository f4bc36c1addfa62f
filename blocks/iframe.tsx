import type { BlockProps } from '../src/renderer/types';
import type { IframeProperties } from '../src/core/generated/blockProperties';
import { INVALID_EMBED_CODE, embedSource } from './shared/embed';
import './iframe.css';

/** Outside pages may run scripts and forms in their own frame, never reach ours beyond postMessage. */
export const IFRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups';

/** Where the frame points: the embed code's src (it takes precedence) or the https address; null when invalid. */
export function frameSource(p: Pick<IframeProperties, 'code' | 'src'>): { src: string | null; error?: string } {
  if (p.code?.trim()) {
    const src = embedSource(p.code);
    return src ? { src } : { src: null, error: INVALID_EMBED_CODE };
  }
  if (p.src) return /^https:\/\/\S+$/.test(p.src) ? { src: p.src } : { src: null, error: 'Please enter a valid url' };
  return { src: null };
}

/** The height, which may differ by device (x-ui.responsive), as iframe.css reads it. */
export const responsiveStyle = (p: IframeProperties) => ({ '--iframe-height': `${p.height ?? 1000}px` });

/** Another site in our own sandboxed <iframe>; the owner's snippet is read, never injected. */
export default function Iframe({ properties: p, mode }: BlockProps<IframeProperties>) {
  const { src, error } = frameSource(p);
  if (!src) {
    if (mode !== 'preview') return null;
    return (
      <p className={`iframe-block__message${error ? ' iframe-block__message--error' : ''}`} role={error ? 'alert' : undefined}>
        {error ?? 'Paste an embed code or an address to show here.'}
      </p>
    );
  }
  return (
    <iframe
      className="iframe-block"
      src={src}
      title={p.title || 'Embedded content'}
      height={p.height ?? 1000}
      sandbox={IFRAME_SANDBOX}
      loading="lazy"
      allowFullScreen={p.allowFullscreen ?? true}
      // No standard replacement for turning scrolling off inside a frame.
      scrolling={p.scrolling === false ? 'no' : undefined}
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}
