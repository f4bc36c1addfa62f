import type { CSSProperties } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { TextBlockProperties } from '../src/core/generated/blockProperties';
import { textShadowCss } from '../src/renderer/style';
import { sanitizeRichText } from './shared/sanitize';
import './textBlock.css';

/** Rich text, sanitised before it reaches the DOM: no script, handler or unsafe link survives. */
export default function TextBlock({ properties: p }: BlockProps<TextBlockProperties>) {
  const html = sanitizeRichText(p.text ?? '');
  const style = {
    textAlign: p.align,
    color: p.textColor || undefined,
    background: p.backgroundColor || undefined,
    textShadow: textShadowCss(p.textShadow),
  } as CSSProperties;
  return <div className={`text-block text-block--${p.align ?? 'left'}${p.backgroundColor ? ' text-block--boxed' : ''}`} style={style} dangerouslySetInnerHTML={{ __html: html }} />;
}
