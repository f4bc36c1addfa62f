import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { ArrowDown, ArrowUp, Copy, Lock, LockOpen, Redo2, Trash2, Undo2 } from 'lucide-react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useStore } from 'zustand';
import { api, ApiError } from '../lib/api';
import { useCurrency } from '../app/currency';
import { snackbar, snackError } from '../app/Snackbar';
import { basketActions } from '../commerce/basket/store';
import { fontUrl } from '../core/theme/fonts';
import { parseColour, relativeLuminance } from '../core/colour';
import {
  AREA_BOXES,
  MIN_STUDIO_DPI,
  STUDIO_FONTS,
  effectiveDpi,
  printCountOf,
  printSize,
  studioMessages,
  studioPrice,
  type ClipArtLayer,
  type ImageLayer,
  type StudioArea,
  type StudioFontMetrics,
  type StudioGarmentChoice,
  type StudioLayer,
  type StudioSides,
  type StudioUpload,
  type TextLayer,
} from '../core/studio';
import { STUDIO_ALIASES } from './paths';
import { endContinuousUpdate, newLayerId, redo, undo, updateContinuously, useStudio } from './store';
import { CLIP_ART, CLIP_ART_BOX, CLIP_ART_NAMES, type ClipArtName } from '../core/clipArt';
import { StudioCanvas } from './StudioCanvas';
import './studio.css';

interface GarmentsAnswer {
  garments: StudioGarmentChoice[];
  fonts: string[];
  fontMetrics: Record<string, StudioFontMetrics>;
  colours: string[];
}

/** Ink that reads on the garment: white on dark colours, near-black on light ones. */
const inkFor = (garmentColour: string) => {
  const rgba = parseColour(garmentColour);
  return rgba && relativeLuminance(rgba) < 0.35 ? '#ffffff' : '#111111';
};

const AREA_LABELS: Record<StudioArea, string> = { front: 'Front', back: 'Back', left: 'Left sleeve', right: 'Right sleeve' };

/** The studio's fonts (regular weight) from the store's own font files; resolves when they can be drawn. */
let fontsLoading: Promise<void> | null = null;
function loadStudioFonts(): Promise<void> {
  if (typeof FontFace !== 'function') return Promise.resolve();
  fontsLoading ??= Promise.allSettled(
    STUDIO_FONTS.map(async (family) => {
      const face = new FontFace(family, `url(${fontUrl(family, 400)}) format('woff2')`, { weight: '400', style: 'normal' });
      document.fonts.add(face);
      await face.load();
    }),
  ).then(() => undefined);
  return fontsLoading;
}

/** Width the stage can use: its container's, at most 640 px (the container appears once the garments loaded). */
function useStageSize(): [(el: HTMLDivElement | null) => void, number] {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [size, setSize] = useState(0);
  useEffect(() => {
    if (!element) return;
    const measure = () => setSize(Math.min(640, Math.floor(element.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, size];
}

/** The curve as the slider reads it: "Straight", "Arc up 40 %", "Arc down 25 %". */
const curveLabel = (curve: number) => (curve === 0 ? 'Straight' : `Arc ${curve > 0 ? 'up' : 'down'} ${Math.round(Math.abs(curve) * 100)} %`);

const isTyping = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function StudioPage() {
  const { customiseItUrl } = useParams();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { formatPrice } = useCurrency();
  const [catalogue, setCatalogue] = useState<GarmentsAnswer | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [garmentId, setGarmentId] = useState<number | null>(null);
  const [colour, setColour] = useState<string>('');
  const [size, setSize] = useState<string>('');
  const [sizeError, setSizeError] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [fontsReady, setFontsReady] = useState(0);
  const [overflow, setOverflow] = useState<string[]>([]);
  const [clipArtOpen, setClipArtOpen] = useState(false);
  const [stageRef, stageSize] = useStageSize();
  const fileInput = useRef<HTMLInputElement>(null);

  const sides = useStudio((s) => s.sides);
  const area = useStudio((s) => s.area);
  const selectedId = useStudio((s) => s.selectedId);
  const { setArea, select, addLayer, updateLayer, removeLayer, moveLayer, duplicateLayer, load } = useStudio.getState();
  const canUndo = useStore(useStudio.temporal, (t) => t.pastStates.length > 0);
  const canRedo = useStore(useStudio.temporal, (t) => t.futureStates.length > 0);

  useEffect(() => {
    void loadStudioFonts().then(() => setFontsReady((n) => n + 1));
  }, []);

  // The garments, then the one the address names: a product (customiseItUrl), a saved design, or an alias's type.
  useEffect(() => {
    let live = true;
    const designId = search.get('design');
    (async () => {
      try {
        const answer = await api<GarmentsAnswer>('/omnis/v3/studio/garments/');
        if (!live) return;
        setCatalogue(answer);
        const saved = designId ? (await api<{ design: { garmentId: number; colour: string; sides: StudioSides } }>(`/omnis/v3/studio/designs/${encodeURIComponent(designId)}/`)).design : null;
        const alias = STUDIO_ALIASES.find((a) => a.path === pathname);
        const chosen =
          (saved && answer.garments.find((g) => g.id === saved.garmentId)) ||
          (customiseItUrl && answer.garments.find((g) => g.urlName === customiseItUrl)) ||
          (alias?.garment && answer.garments.find((g) => g.garment === alias.garment)) ||
          answer.garments[0];
        if (!chosen || !live) return;
        setGarmentId(chosen.id);
        setColour(saved?.colour && chosen.colours.some((c) => c.name === saved.colour) ? saved.colour : (chosen.colours[0]?.name ?? ''));
        load(saved ? saved.sides : {});
      } catch (error) {
        if (live) setLoadError(error instanceof ApiError ? error.message : 'The studio could not load. Check your connection and try again.');
      }
    })();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once per address
  }, [pathname, customiseItUrl]);

  const garment = catalogue?.garments.find((g) => g.id === garmentId) ?? null;
  const colourValue = garment?.colours.find((c) => c.name === colour)?.value ?? '#ffffff';
  const layers = useMemo(() => sides[area] ?? [], [sides, area]);
  const selected = layers.find((l) => l.id === selectedId) ?? null;
  const prints = printCountOf(sides);
  const price = garment ? studioPrice(garment.price, Math.max(1, prints)) : 0;
  const physical = garment && AREA_BOXES[garment.garment][area] ? printSize(garment.garment, area) : null;
  const aspect = garment && AREA_BOXES[garment.garment][area] ? AREA_BOXES[garment.garment][area]!.h / AREA_BOXES[garment.garment][area]!.w : 1;

  const pickGarment = (id: number) => {
    const next = catalogue?.garments.find((g) => g.id === id);
    if (!next) return;
    setGarmentId(id);
    if (!next.colours.some((c) => c.name === colour)) setColour(next.colours[0]?.name ?? '');
    if (!next.sizes.includes(size)) setSize('');
    if (!next.areas.includes(area)) setArea('front');
  };

  const addText = () => {
    const layer: TextLayer = { id: newLayerId(), kind: 'text', text: 'Your text', font: 'Montserrat', colour: inkFor(colourValue), size: 0.14, x: 0.5, y: aspect * 0.35, rotation: 0 };
    addLayer(layer);
  };

  const addClipArt = (art: ClipArtName) => {
    const width = Math.min(0.35, aspect * 0.5);
    const layer: ClipArtLayer = { id: newLayerId(), kind: 'clipart', art, colour: inkFor(colourValue), width, x: 0.5, y: aspect * 0.5, rotation: 0 };
    addLayer(layer);
    setClipArtOpen(false);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploadError(null);
    setUploading(true);
    try {
      const form = new FormData();
      form.append('file', file);
      const { upload } = await api<{ upload: StudioUpload }>('/omnis/v3/studio/uploads/', { method: 'POST', body: form });
      // Fitted inside the area: 60 % of its width, or less for a tall picture.
      const ratio = upload.height / upload.width;
      const width = Math.min(0.6, (aspect * 0.7) / ratio);
      const layer: ImageLayer = { id: newLayerId(), kind: 'image', uploadId: upload.id, src: upload.src, pixelWidth: upload.width, pixelHeight: upload.height, width, x: 0.5, y: aspect * 0.6, rotation: 0 };
      addLayer(layer);
    } catch (error) {
      setUploadError(error instanceof ApiError ? error.message : 'The picture could not be uploaded. Try again.');
    } finally {
      setUploading(false);
    }
  };

  const addToBasket = async () => {
    if (!garment) return;
    if (!size) {
      setSizeError(studioMessages.size);
      return;
    }
    setSaving(true);
    try {
      const design = { sides: Object.fromEntries(garment.areas.filter((a) => (sides[a]?.length ?? 0) > 0).map((a) => [a, sides[a]])) };
      await api('/omnis/v3/studio/designs/', { method: 'POST', body: { garmentId: garment.id, colour, size, design } });
      await basketActions.refresh('main');
      snackbar.push({ code: 'studio:added', text: 'Your design is in the basket', kind: 'success' });
      void navigate('/basket/');
    } catch (error) {
      snackError(error, 'studio');
    } finally {
      setSaving(false);
    }
  };

  // Keyboard: undo/redo, delete, nudge with the arrows (Shift: further), duplicate, deselect.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target)) return;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === 'z') {
        e.preventDefault();
        if (e.shiftKey) redo();
        else undo();
        return;
      }
      if (mod && key === 'y') {
        e.preventDefault();
        redo();
        return;
      }
      const state = useStudio.getState();
      const current = state.selectedId ? (state.sides[state.area] ?? []).find((l) => l.id === state.selectedId) : undefined;
      if (!current) return;
      if (key === 'escape') state.select(null);
      else if ((key === 'delete' || key === 'backspace') && !current.locked) {
        e.preventDefault();
        state.removeLayer(current.id);
      } else if (mod && key === 'd') {
        e.preventDefault();
        state.duplicateLayer(current.id);
      } else if (key.startsWith('arrow') && !current.locked) {
        e.preventDefault();
        const step = e.shiftKey ? 0.05 : 0.005;
        const dx = key === 'arrowleft' ? -step : key === 'arrowright' ? step : 0;
        const dy = key === 'arrowup' ? -step : key === 'arrowdown' ? step : 0;
        state.updateLayer(current.id, { x: Math.min(1, Math.max(0, current.x + dx)), y: Math.min(aspect, Math.max(0, current.y + dy)) });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [aspect]);

  if (loadError) return <p className="studio__state" role="alert">{loadError}</p>;
  if (!catalogue) return <p className="studio__state" aria-busy="true">Loading the studio…</p>;
  if (!garment) return <p className="studio__state">This store has no garments to design yet.</p>;

  const lowRes = selected?.kind === 'image' && physical ? effectiveDpi(selected, physical.widthCm) : Infinity;
  const layerName = (l: StudioLayer) => (l.kind === 'text' ? `“${l.text}”` : l.kind === 'clipart' ? CLIP_ART[l.art].label : 'Picture');
  const inkPicker = (layer: TextLayer | ClipArtLayer) => (
    <fieldset className="studio__field">
      <legend>Ink</legend>
      <div className="studio__swatches">
        {catalogue.colours.map((c) => (
          <button key={c} type="button" className="studio__swatch studio__swatch--small" style={{ background: c }} aria-label={`Ink ${c}`} aria-pressed={c === layer.colour} onClick={() => updateLayer(layer.id, { colour: c })} />
        ))}
      </div>
    </fieldset>
  );

  return (
    <div className="studio">
      <h1 className="studio__title">Design your own</h1>
      <div className="studio__grid">
        <section className="studio__stage-column" aria-label="Design">
          <div className="studio__sides" role="tablist" aria-label="Print side">
            {garment.areas.map((a) => (
              <button key={a} type="button" role="tab" aria-selected={a === area} className="studio__side" onClick={() => setArea(a)}>
                {AREA_LABELS[a]}
                {(sides[a]?.length ?? 0) > 0 && <span className="studio__count">{sides[a]!.length}</span>}
              </button>
            ))}
          </div>
          <div className="studio__toolbar">
            <button type="button" onClick={addText}>
              Add text
            </button>
            <button type="button" onClick={() => fileInput.current?.click()} disabled={uploading}>
              {uploading ? 'Uploading…' : 'Upload picture'}
            </button>
            <button type="button" aria-expanded={clipArtOpen} aria-controls="studio-clipart" onClick={() => setClipArtOpen((open) => !open)}>
              Clip-art
            </button>
            <input ref={fileInput} type="file" accept="image/png,image/jpeg,image/svg+xml" hidden aria-label="Picture file" data-testid="studio-file" onChange={(e) => void onFile(e)} />
            <span className="studio__spacer" />
            <button type="button" onClick={() => undo()} disabled={!canUndo} aria-label="Undo" title="Undo (Ctrl+Z)">
              <Undo2 size={16} aria-hidden /> Undo
            </button>
            <button type="button" onClick={() => redo()} disabled={!canRedo} aria-label="Redo" title="Redo (Ctrl+Shift+Z)">
              <Redo2 size={16} aria-hidden /> Redo
            </button>
          </div>
          {clipArtOpen && (
            <div className="studio__clipart" id="studio-clipart" role="group" aria-label="Clip-art">
              {CLIP_ART_NAMES.map((art) => (
                <button key={art} type="button" aria-label={`Add ${CLIP_ART[art].label.toLowerCase()}`} title={CLIP_ART[art].label} onClick={() => addClipArt(art)}>
                  <svg viewBox={`0 0 ${CLIP_ART_BOX} ${CLIP_ART_BOX}`} width="28" height="28" aria-hidden focusable="false">
                    <path d={CLIP_ART[art].path} fill="currentColor" fillRule="evenodd" />
                  </svg>
                </button>
              ))}
            </div>
          )}
          {uploadError && (
            <p className="studio__error" role="alert">
              {uploadError}
            </p>
          )}
          <div className="studio__stage" ref={stageRef} data-testid="studio-stage">
            {stageSize > 0 && <StudioCanvas garment={garment.garment} colour={colourValue} area={area} layers={layers} size={stageSize} fontsReady={fontsReady} fontMetrics={catalogue.fontMetrics} onOverflow={setOverflow} />}
          </div>
          {overflow.length > 0 && (
            <p className="studio__warning" role="status">
              {studioMessages.outside}
            </p>
          )}
          {physical && <p className="studio__hint">Print area {physical.widthCm.toFixed(0)} × {physical.heightCm.toFixed(0)} cm · drag to move, corners or two fingers to resize and rotate · Ctrl+Z undo</p>}
        </section>

        <aside className="studio__panel" aria-label="Options">
          <label className="studio__field">
            <span>Garment</span>
            <select value={garment.id} onChange={(e) => pickGarment(Number(e.target.value))}>
              {catalogue.garments.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="studio__field">
            <legend>Colour: {colour}</legend>
            <div className="studio__swatches">
              {garment.colours.map((c) => (
                <button key={c.name} type="button" className="studio__swatch" style={{ background: c.value }} aria-label={c.name} aria-pressed={c.name === colour} onClick={() => setColour(c.name)} />
              ))}
            </div>
          </fieldset>

          {selected && (
            <div className="studio__props" aria-label="Selected layer">
              {selected.kind === 'text' ? (
                <>
                  <label className="studio__field">
                    <span>Text</span>
                    <input value={selected.text} maxLength={200} onChange={(e) => e.target.value !== '' && updateLayer(selected.id, { text: e.target.value })} />
                  </label>
                  <label className="studio__field">
                    <span>Font</span>
                    <select value={selected.font} onChange={(e) => updateLayer(selected.id, { font: e.target.value })}>
                      {catalogue.fonts.map((f) => (
                        <option key={f} value={f} style={{ fontFamily: f }}>
                          {f}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="studio__field">
                    <span>
                      Curve
                      <span className="studio__value" aria-hidden>
                        {curveLabel(selected.curve ?? 0)}
                      </span>
                    </span>
                    <input
                      type="range"
                      min={-100}
                      max={100}
                      step={5}
                      value={Math.round((selected.curve ?? 0) * 100)}
                      aria-valuetext={curveLabel(selected.curve ?? 0)}
                      onChange={(e) => updateContinuously(selected.id, { curve: Number(e.target.value) / 100 })}
                      onPointerUp={endContinuousUpdate}
                      onKeyUp={endContinuousUpdate}
                      onBlur={endContinuousUpdate}
                    />
                  </label>
                  {inkPicker(selected)}
                </>
              ) : selected.kind === 'clipart' ? (
                inkPicker(selected)
              ) : (
                lowRes < MIN_STUDIO_DPI && (
                  <p className="studio__warning" role="status">
                    {studioMessages.lowResolution(lowRes)}
                  </p>
                )
              )}
            </div>
          )}

          <div className="studio__layers">
            <h2>Layers on the {AREA_LABELS[area].toLowerCase()}</h2>
            {layers.length === 0 ? (
              <p className="studio__hint">Nothing here yet: add text, clip-art or a picture.</p>
            ) : (
              <ol>
                {[...layers].reverse().map((l) => (
                  <li key={l.id} className={l.id === selectedId ? 'is-selected' : undefined}>
                    <button type="button" className="studio__layer-name" onClick={() => select(l.id)}>
                      {layerName(l)}
                      {l.kind === 'image' && physical && effectiveDpi(l, physical.widthCm) < MIN_STUDIO_DPI && <span className="studio__badge">low resolution</span>}
                      {overflow.includes(l.id) && <span className="studio__badge">outside</span>}
                    </button>
                    <button type="button" aria-label={`Bring ${layerName(l)} forward`} onClick={() => moveLayer(l.id, 1)}>
                      <ArrowUp size={16} aria-hidden />
                    </button>
                    <button type="button" aria-label={`Send ${layerName(l)} backward`} onClick={() => moveLayer(l.id, -1)}>
                      <ArrowDown size={16} aria-hidden />
                    </button>
                    <button type="button" aria-label={`${l.locked ? 'Unlock' : 'Lock'} ${layerName(l)}`} aria-pressed={l.locked === true} onClick={() => updateLayer(l.id, { locked: !l.locked })}>
                      {l.locked ? <Lock size={16} aria-hidden /> : <LockOpen size={16} aria-hidden />}
                    </button>
                    <button type="button" aria-label={`Duplicate ${layerName(l)}`} onClick={() => duplicateLayer(l.id)}>
                      <Copy size={16} aria-hidden />
                    </button>
                    <button type="button" aria-label={`Delete ${layerName(l)}`} onClick={() => removeLayer(l.id)}>
                      <Trash2 size={16} aria-hidden />
                    </button>
                  </li>
                ))}
              </ol>
            )}
          </div>

          <div className="studio__buy">
            <p className="studio__price">
              <strong data-testid="studio-price">{formatPrice(price)}</strong>{' '}
              <span className="studio__hint">{prints === 0 ? 'Add a design to one side or more' : prints === 1 ? 'Printed on 1 side' : `Printed on ${prints} sides`}</span>
            </p>
            <label className="studio__field">
              <span>Size</span>
              <select
                value={size}
                aria-invalid={sizeError !== null}
                onChange={(e) => {
                  setSize(e.target.value);
                  setSizeError(null);
                }}
              >
                <option value="">Choose a size</option>
                {garment.sizes.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
            {sizeError && (
              <p className="studio__error" role="alert">
                {sizeError}
              </p>
            )}
            <button type="button" className="studio__add" disabled={saving || prints === 0} onClick={() => void addToBasket()}>
              {saving ? 'Adding…' : 'Add to basket'}
            </button>
            <p className="studio__hint">
              <Link to="/basket/">Go to basket</Link>
            </p>
          </div>
        </aside>
      </div>
    </div>
  );
}
