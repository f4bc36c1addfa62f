import { memo, useLayoutEffect, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import { PageRenderer, type RenderHost } from '../../renderer/PageRenderer';
import { useStore } from '../../app/StoreContext';
import { layoutOf, REGION_SIZES } from '../../app/layouts';
import { Announcement } from '../../app/regions/Announcement';
import { Header } from '../../app/regions/Header';
import { Footer } from '../../app/regions/Footer';
import { useEditor, useEditorStore } from '../store';
import { DEVICE_WIDTHS } from '../../core/blocks/responsive';
import { CanvasBlock } from './CanvasBlock';
import { HoverLabel } from './HoverLabel';
import { installHtmlSanitizers } from '../../../blocks/shared/sanitize';
import { builderHtmlSanitizers } from '../htmlSanitizers';
import '../../app/app.css';
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

/** Horizontal padding of the canvas's scroll area (canvas.css), left out of the width the frame may use. */
const SCROLL_PADDING_X = 64;
const ZOOM_STEPS = 64;
/** The frame's left and right borders (canvas.css), outside its device width. */
const FRAME_BORDERS_X = 2;

/** Down-scale so a frame `width` px wide fits the scroll area; re-measured when the area resizes. */
function useFitScale(area: React.RefObject<HTMLElement | null>, width: number): number {
  const [available, setAvailable] = useState(0);
  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    const measure = () => setAvailable(Math.max(0, el.clientWidth - SCROLL_PADDING_X));
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => observer?.disconnect();
  }, [area]);
  if (available <= 0) return 1;
  // In 64ths: a power-of-two zoom keeps the frame's width exact when the browser maps it back from the zoomed layout,
  // so the page's container queries see 768 px at 768 px (at 0.907 they saw 767.99: a tablet drawn as a phone).
  return Math.min(1, Math.floor((available / (width + FRAME_BORDERS_X)) * ZOOM_STEPS) / ZOOM_STEPS);
}

const REGION_STYLE = {
  '--header-height': REGION_SIZES.headerHeight,
  '--header-height-sm': REGION_SIZES.headerHeightSmall,
  '--logo-max-width': REGION_SIZES.logoMaxWidth,
  '--sidebar-width': REGION_SIZES.sidebarWidth,
  '--nav-bar-height': REGION_SIZES.navBarHeight,
} as CSSProperties;

const noop = () => undefined;

/**
 * The store's own announcement, header and footer around the page, as shoppers see them (in the theme being
 * edited: they sit inside the canvas root the preview variables apply to). Drawn, not used: inert.
 */
const StoreTop = memo(function StoreTop({ announcement, header }: { announcement: boolean; header: boolean }) {
  return (
    <div className="ed-store-chrome" inert data-store-chrome="top">
      {announcement && <Announcement />}
      {header && <Header onMenu={noop} />}
    </div>
  );
});

const StoreBottom = memo(function StoreBottom({ footer, subFooter }: { footer: boolean; subFooter: boolean }) {
  const footerVisible = useStore().state.subdomain.theme.properties['footer.visible'] !== false;
  if (!(footer && footerVisible) && !subFooter) return null;
  return (
    <div className="ed-store-chrome" inert data-store-chrome="bottom">
      {footer && footerVisible && <Footer />}
      {subFooter && <Footer minimal />}
    </div>
  );
});

/**
 * The centre of the editor: the page drawn by the real renderer in preview mode, with the store's header,
 * announcement and footer, inside a device frame laid out at the device's real width (DEVICE_WIDTHS) and scaled to
 * fit. The frame is the page's breakpoint container (canvas.css), so the grid and every per-device setting follow
 * the device, not the editor's window.
 */
export function Canvas() {
  const editor = useEditorStore();
  const blocks = useEditor((s) => s.page?.blocks);
  const ySpacing = useEditor((s) => s.page?.properties.ySpacing);
  const layoutName = useEditor((s) => s.page?.layout);
  const device = useEditor((s) => s.device);
  const width = DEVICE_WIDTHS[device];
  const root = useRef<HTMLDivElement>(null);
  const area = useRef<HTMLDivElement>(null);
  const scale = useFitScale(area, width);
  const layout = layoutOf(layoutName);
  return (
    <div className="ed-canvas-scroll" ref={area} onClick={() => editor.getState().select(null)}>
      <div
        className={`ed-frame ed-frame--${device}`}
        style={{ '--ed-frame-width': `${width}px`, zoom: scale } as CSSProperties}
        data-canvas-scale={scale}
        data-device-width={width}
      >
        <div
          className="pod-canvas"
          style={REGION_STYLE}
          ref={root}
          data-canvas-root
          data-device={device}
          onClickCapture={stopNavigation}
          onSubmitCapture={(e) => e.preventDefault()}
        >
          <StoreTop announcement={layout.announcement} header={layout.header} />
          <div className={`ed-canvas-page app__content app__content--${layout.content}`}>
            {blocks && blocks.length > 0 ? (
              <PageRenderer blocks={blocks} mode="preview" ySpacing={ySpacing ?? undefined} renderHost={renderHost} />
            ) : (
              <div className="ed-canvas-empty">
                <p className="ed-canvas-empty__title">This page has no blocks yet</p>
                <p>Drag a block here from the list on the left, or choose one and press Enter.</p>
              </div>
            )}
          </div>
          <StoreBottom footer={layout.footer} subFooter={layout.subFooter} />
          <HoverLabel rootRef={root} />
        </div>
      </div>
    </div>
  );
}
