import type { CSSProperties } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { TextBlockProperties } from '../src/core/generated/blockProperties';
import { textShadowCss } from '../src/renderer/style';
import { sanitizeRichText } from './shared/sanitize';
import { ALIGN_MARGIN } from './shared/align';
import './textBlock.css';

/** The alignment, which may differ by device (x-ui.responsive), as textBlock.css reads it. */
export function responsiveStyle(p: TextBlockProperties) {
  const align = p.align ?? 'left';
  return { '--text-block-align': align, '--text-block-measure-margin': ALIGN_MARGIN[align] };
}

/** Rich text, sanitised before it reaches the DOM: no script, handler or unsafe link survives. */
export default function TextBlock({ properties: p }: BlockProps<TextBlockProperties>) {
  const html = sanitizeRichText(p.text ?? '');
  const style = {
    color: p.textColor || undefined,
    background: p.backgroundColor || undefined,
    textShadow: textShadowCss(p.textShadow),
  } as CSSProperties;
  return <div className={`text-block${p.backgroundColor ? ' text-block--boxed' : ''}`} style={style} dangerouslySetInnerHTML={{ __html: html }} />;
}
