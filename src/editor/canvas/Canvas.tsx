import { useRef, type CSSProperties, type MouseEvent } from 'react';
import { PageRenderer, type RenderHost } from '../../renderer/PageRenderer';
import { useEditor } from '../store';
import { CanvasBlock } from './CanvasBlock';
import { HoverLabel } from './HoverLabel';
import { installHtmlSanitizers } from '../../../blocks/shared/sanitize';
import { builderHtmlSanitizers } from '../htmlSanitizers';
import './canvas.css';

// The canvas draws HTML the owner has not saved yet; saved pages were sanitised by the server. Only in a browser:
// the server renderer may load this module while resolving routes, and must keep drawing saved HTML as stored.
if (typeof window !== 'undefined') installHtmlSanitizers(builderHtmlSanitizers);

/** Stable for the life of the module, so the memoised BlockHosts never re-render because of it. */
const renderHost: RenderHost = (block, drawn) => <CanvasBlock block={block}>{drawn}</CanvasBlock>;

/** Clicks in the canvas never follow links or submit forms: the canvas is for editing (§6 preview pages). */
const stopNavigation = (event: MouseEvent) => {
  if ((event.target as Element).closest('a[href]')) event.preventDefault();
};

export const DEVICE_WIDTHS = { desktop: null, tablet: 768, phone: 390 } as const;

/**
 * The centre of the editor: the page drawn by the real renderer in preview mode, inside a device frame. The
 * phone frame is narrower than the 768 px breakpoint the grid's media query looks at (the viewport is still
 * wide), so `.pod-canvas--narrow` switches the grid to 6 columns and size.y itself.
 */
export function Canvas() {
  const blocks = useEditor((s) => s.page?.blocks);
  const ySpacing = useEditor((s) => s.page?.properties.ySpacing);
  const device = useEditor((s) => s.device);
  const width = DEVICE_WIDTHS[device];
  const root = useRef<HTMLDivElement>(null);
  return (
    <div className="ed-canvas-scroll" onClick={() => useEditor.getState().select(null)}>
      <div className={`ed-frame ed-frame--${device}`} style={width ? ({ '--ed-frame-width': `${width}px` } as CSSProperties) : undefined}>
        <div
          className={`pod-canvas${device === 'phone' ? ' pod-canvas--narrow' : ''}`}
          ref={root}
          data-canvas-root
          data-device={device}
          onClickCapture={stopNavigation}
          onSubmitCapture={(e) => e.preventDefault()}
        >
          {blocks && blocks.length > 0 ? (
            <PageRenderer blocks={blocks} mode="preview" ySpacing={ySpacing ?? undefined} renderHost={renderHost} />
          ) : (
            <div className="ed-canvas-empty">
              <p className="ed-canvas-empty__title">This page has no blocks yet</p>
              <p>Drag a block here from the list on the left, or choose one and press Enter.</p>
            </div>
          )}
          <HoverLabel rootRef={root} />
        </div>
      </div>
    </div>
  );
}
