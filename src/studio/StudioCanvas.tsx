import { useEffect, useMemo, useRef, useState } from 'react';
// Konva's core and only the shapes drawn here (the full build brings every shape and filter).
import { Group, Image as KonvaImage, Layer, Line, Path, Rect, Shape, Stage, Transformer } from 'react-konva/lib/ReactKonvaCore.js';
import 'konva/lib/shapes/Image.js';
import 'konva/lib/shapes/Line.js';
import 'konva/lib/shapes/Path.js';
import 'konva/lib/shapes/Rect.js';
import 'konva/lib/shapes/Transformer.js';
import type Konva from 'konva';
import { AREA_BOXES, imageHeightOf, type AreaBox, type ClipArtLayer, type StudioArea, type StudioFontMetrics, type StudioGarment, type StudioLayer, type TextLayer } from '../core/studio';
import { CLIP_ART, CLIP_ART_BOX } from '../core/clipArt';
import { curvedTextLayout, glyphsOf } from '../core/curvedText';
import { fontStack } from '../core/theme/fontStack';
import { useStudio } from './store';
import { usePinch } from './usePinch';

/** The part of the 500 × 500 garment template the stage shows: the print area with room around it, sleeves zoomed in. */
export function viewOf(box: AreaBox): { x: number; y: number; size: number } {
  const size = Math.min(500, Math.max(box.w * 2.4, box.h * 1.9));
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const clamp = (v: number) => Math.min(500 - size, Math.max(0, v));
  return { x: clamp(cx - size / 2), y: clamp(cy - size / 2), size };
}

function useImage(src: string | null): HTMLImageElement | null {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    if (!src) return;
    const img = new window.Image();
    img.onload = () => setImage(img);
    img.src = src;
    return () => {
      img.onload = null;
    };
  }, [src]);
  return src ? image : null;
}

/** Snap a centre to the area's centre lines within this many area widths. */
const SNAP = 0.02;

/** Fallback box for a font whose metrics did not come (the print file uses the font's own). */
const DEFAULT_METRICS: StudioFontMetrics = { ascent: 0.95, descent: 0.25 };

let measuring: CanvasRenderingContext2D | null = null;
/** Each character's advance in the browser's font: the same per-glyph placement the print file makes. */
function advancesOf(chars: string[], font: string): number[] {
  measuring ??= document.createElement('canvas').getContext('2d');
  if (!measuring) return chars.map(() => 0);
  measuring.font = font;
  return chars.map((c) => measuring!.measureText(c).width);
}

type Common = Record<string, unknown> & { ref: (node: Konva.Node | null) => void };

/** A text layer, straight or curved, glyph by glyph on the shared layout; its box is centred on the layer's point. */
function TextNode({ layer, unit, metrics, fontsReady, common }: { layer: TextLayer; unit: number; metrics: StudioFontMetrics; fontsReady: number; common: Common }) {
  const px = layer.size * unit;
  const font = `${px}px ${fontStack(layer.font)}`;
  const { chars, layout } = useMemo(() => {
    void fontsReady; // advances change once the font has loaded
    const glyphs = glyphsOf(layer.text);
    return { chars: glyphs, layout: curvedTextLayout(advancesOf(glyphs, font), px, layer.curve ?? 0, { ascent: metrics.ascent * px, descent: metrics.descent * px }) };
  }, [layer.text, layer.curve, font, px, metrics, fontsReady]);
  const { width, height } = layout;
  return (
    <Shape
      {...common}
      width={width}
      height={height}
      offsetX={width / 2}
      offsetY={height / 2}
      fill={layer.colour}
      sceneFunc={(ctx) => {
        ctx.setAttr('font', font);
        ctx.setAttr('textAlign', 'center');
        ctx.setAttr('textBaseline', 'alphabetic');
        ctx.setAttr('fillStyle', layer.colour);
        layout.glyphs.forEach((g, i) => {
          ctx.save();
          ctx.translate(width / 2 + g.x, height / 2 + g.y);
          ctx.rotate((g.angle * Math.PI) / 180);
          ctx.fillText(chars[i]!, 0, 0);
          ctx.restore();
        });
      }}
      hitFunc={(ctx, shape) => {
        ctx.beginPath();
        ctx.rect(0, 0, width, height);
        ctx.closePath();
        ctx.fillStrokeShape(shape);
      }}
    />
  );
}

/** A clip-art shape in its ink; grabbed anywhere in its square, holes included. */
function ClipArtNode({ layer, unit, common }: { layer: ClipArtLayer; unit: number; common: Common }) {
  const k = (layer.width * unit) / CLIP_ART_BOX;
  return (
    <Group {...common}>
      <Path
        data={CLIP_ART[layer.art].path}
        fill={layer.colour}
        fillRule="evenodd"
        scaleX={k}
        scaleY={k}
        offsetX={CLIP_ART_BOX / 2}
        offsetY={CLIP_ART_BOX / 2}
        hitFunc={(ctx, shape) => {
          ctx.beginPath();
          ctx.rect(0, 0, CLIP_ART_BOX, CLIP_ART_BOX);
          ctx.closePath();
          ctx.fillStrokeShape(shape);
        }}
      />
    </Group>
  );
}

interface LayerNodeProps {
  layer: StudioLayer;
  unit: number;
  aspect: number;
  fontsReady: number;
  metrics: StudioFontMetrics;
  selected: boolean;
  onSelect: () => void;
  register: (id: string, node: Konva.Node | null) => void;
  onGuides: (guides: { v: boolean; h: boolean }) => void;
}

/** A layer's new size after its node was scaled by `scale` (text by its font size, the rest by their width). */
export const resized = (layer: StudioLayer, scale: number): Partial<StudioLayer> =>
  layer.kind === 'text' ? { size: Math.max(0.01, layer.size * scale) } : { width: Math.max(0.01, layer.width * scale) };

function LayerNode({ layer, unit, aspect, fontsReady, metrics, onSelect, register, onGuides }: LayerNodeProps) {
  const updateLayer = useStudio((s) => s.updateLayer);
  const image = useImage(layer.kind === 'image' ? layer.src : null);
  const common: Common = {
    ref: (node: Konva.Node | null) => register(layer.id, node),
    name: 'studio-layer',
    x: layer.x * unit,
    y: layer.y * unit,
    rotation: layer.rotation,
    draggable: !layer.locked,
    onMouseDown: onSelect,
    onTap: onSelect,
    onTouchStart: onSelect,
    dragBoundFunc(this: Konva.Node, pos: Konva.Vector2d) {
      // The centre stays on the print area; near a centre line it snaps to it.
      const parent = this.getParent()!.getAbsoluteTransform().copy().invert();
      const local = parent.point(pos);
      let x = Math.min(unit, Math.max(0, local.x)) / unit;
      let y = Math.min(unit * aspect, Math.max(0, local.y)) / unit;
      const v = Math.abs(x - 0.5) < SNAP;
      const h = Math.abs(y - aspect / 2) < SNAP;
      if (v) x = 0.5;
      if (h) y = aspect / 2;
      onGuides({ v, h });
      return this.getParent()!.getAbsoluteTransform().point({ x: x * unit, y: y * unit });
    },
    onDragEnd: (e: Konva.KonvaEventObject<DragEvent>) => {
      onGuides({ v: false, h: false });
      updateLayer(layer.id, { x: e.target.x() / unit, y: e.target.y() / unit });
    },
    onTransformEnd: (e: Konva.KonvaEventObject<Event>) => {
      const node = e.target;
      const scale = node.scaleX();
      node.scaleX(1);
      node.scaleY(1);
      const rotation = Math.round(node.rotation() * 10) / 10;
      updateLayer(layer.id, { ...resized(layer, scale), rotation, x: node.x() / unit, y: node.y() / unit });
    },
  };
  if (layer.kind === 'text') return <TextNode layer={layer} unit={unit} metrics={metrics} fontsReady={fontsReady} common={common} />;
  if (layer.kind === 'clipart') return <ClipArtNode layer={layer} unit={unit} common={common} />;
  const w = layer.width * unit;
  const h = imageHeightOf(layer) * unit;
  return <KonvaImage {...common} image={image ?? undefined} width={w} height={h} offsetX={w / 2} offsetY={h / 2} />;
}

export interface StudioCanvasProps {
  garment: StudioGarment;
  colour: string;
  area: StudioArea;
  layers: StudioLayer[];
  size: number;
  fontsReady: number;
  /** Ascent and descent of the studio's fonts (from the server, which draws the print files with them). */
  fontMetrics: Record<string, StudioFontMetrics>;
  /** Layers whose bounds leave the print area (ids), reported after every draw. */
  onOverflow: (ids: string[]) => void;
}

/** The garment in its colour, the dashed print area and the side's layers, with handles on the selected one. */
export function StudioCanvas({ garment, colour, area, layers, size, fontsReady, fontMetrics, onOverflow }: StudioCanvasProps) {
  const box = AREA_BOXES[garment][area]!;
  const view = viewOf(box);
  const k = size / view.size;
  const unit = box.w * k;
  const aspect = box.h / box.w;
  const selectedId = useStudio((s) => s.selectedId);
  const select = useStudio((s) => s.select);
  const nodes = useRef(new Map<string, Konva.Node>());
  const transformer = useRef<Konva.Transformer>(null);
  const areaGroup = useRef<Konva.Group>(null);
  const stage = useRef<Konva.Stage>(null);
  const updateLayer = useStudio((s) => s.updateLayer);
  const [guides, setGuides] = useState({ v: false, h: false });
  const reported = useRef('');
  const garmentImage = useImage(`/media/studio-garment/${garment}/${colour.replace('#', '')}.svg`);
  const selected = layers.find((l) => l.id === selectedId);

  useEffect(() => {
    const tr = transformer.current;
    if (!tr) return;
    const node = selected && !selected.locked ? nodes.current.get(selected.id) : undefined;
    tr.nodes(node ? [node] : []);
    tr.getLayer()?.batchDraw();
  }, [selected, layers, fontsReady]);

  // After each draw: which layers stick out of the print area (the editor warns; the print file clips them).
  useEffect(() => {
    const group = areaGroup.current;
    if (!group) return;
    const out: string[] = [];
    for (const layer of layers) {
      const node = nodes.current.get(layer.id);
      if (!node) continue;
      const r = node.getClientRect({ relativeTo: group as unknown as Konva.Container });
      const tolerance = unit * 0.005;
      if (r.x < -tolerance || r.y < -tolerance || r.x + r.width > unit + tolerance || r.y + r.height > unit * aspect + tolerance) out.push(layer.id);
    }
    // Reported only when it changes: a new array every draw would re-render the page without end.
    const key = out.join(',');
    if (key !== reported.current) {
      reported.current = key;
      onOverflow(out);
    }
  });

  // Pinching the selected layer: its centre stays on the print area, as when dragged.
  const pinch = usePinch(
    stage,
    () => {
      const node = selected && !selected.locked ? nodes.current.get(selected.id) : undefined;
      return selected && node ? { id: selected.id, node } : null;
    },
    (id, p) => {
      const layer = layers.find((l) => l.id === id);
      if (!layer) return;
      const rotation = Math.round(p.rotation * 10) / 10;
      updateLayer(id, { ...resized(layer, p.scale), rotation, x: Math.min(1, Math.max(0, p.x / unit)), y: Math.min(aspect, Math.max(0, p.y / unit)) });
    },
  );

  const register = useMemo(
    () => (id: string, node: Konva.Node | null) => {
      if (node) nodes.current.set(id, node);
      else nodes.current.delete(id);
    },
    [],
  );

  return (
    <Stage
      ref={stage}
      width={size}
      height={size}
      onMouseDown={(e) => {
        if (e.target === e.target.getStage() || e.target.name() === 'studio-backdrop') select(null);
      }}
      // A tap on the garment deselects; a finger put down is not yet a tap (it may be the first of a pinch).
      onTap={(e) => {
        if (pinch.pinching()) return;
        if (e.target === e.target.getStage() || e.target.name() === 'studio-backdrop') select(null);
      }}
    >
      <Layer listening>
        <Group x={-view.x * k} y={-view.y * k}>
          {garmentImage && <KonvaImage name="studio-backdrop" image={garmentImage} width={500 * k} height={500 * k} />}
        </Group>
        <Group ref={areaGroup} x={(box.x - view.x) * k} y={(box.y - view.y) * k}>
          <Rect width={unit} height={unit * aspect} stroke="#1a73e8" strokeWidth={1} dash={[6, 4]} listening={false} />
          {guides.v && <Line points={[unit / 2, 0, unit / 2, unit * aspect]} stroke="#e8368f" strokeWidth={1} listening={false} />}
          {guides.h && <Line points={[0, (unit * aspect) / 2, unit, (unit * aspect) / 2]} stroke="#e8368f" strokeWidth={1} listening={false} />}
          {layers.map((layer) => (
            <LayerNode
              key={layer.id}
              layer={layer}
              unit={unit}
              aspect={aspect}
              fontsReady={fontsReady}
              metrics={(layer.kind === 'text' && fontMetrics[layer.font]) || DEFAULT_METRICS}
              selected={layer.id === selectedId}
              onSelect={() => select(layer.id)}
              register={register}
              onGuides={setGuides}
            />
          ))}
        </Group>
        <Transformer
          ref={transformer}
          rotateEnabled
          keepRatio
          enabledAnchors={['top-left', 'top-right', 'bottom-left', 'bottom-right']}
          anchorSize={14}
          anchorCornerRadius={7}
          borderStroke="#1a73e8"
          anchorStroke="#1a73e8"
          rotationSnaps={[0, 45, 90, 135, 180, 225, 270, 315]}
          boundBoxFunc={(oldBox, newBox) => (newBox.width < 8 || newBox.height < 8 ? oldBox : newBox)}
        />
      </Layer>
    </Stage>
  );
}
