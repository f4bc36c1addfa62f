import { create } from 'zustand';
import { temporal } from 'zundo';
import { STUDIO_AREAS, type StudioArea, type StudioLayer, type StudioSides } from '../core/studio';

/**
 * The studio's one store: the design (layers per side) with zundo history, and what is selected. Only `sides`
 * is history — choosing a side, a colour or a layer is not an undo step, as in the builder.
 */
export interface StudioState {
  sides: StudioSides;
  area: StudioArea;
  selectedId: string | null;
  setArea: (area: StudioArea) => void;
  select: (id: string | null) => void;
  addLayer: (layer: StudioLayer) => void;
  updateLayer: (id: string, patch: Partial<StudioLayer>) => void;
  removeLayer: (id: string) => void;
  /** Moves a layer up (+1, towards the front) or down (−1) in its side's stack. */
  moveLayer: (id: string, by: 1 | -1) => void;
  duplicateLayer: (id: string) => void;
  load: (sides: StudioSides) => void;
}

let counter = 0;
export const newLayerId = () => `l${Date.now().toString(36)}${(counter++).toString(36)}`;

const sideOf = (sides: StudioSides, id: string): StudioArea | null => STUDIO_AREAS.find((a) => sides[a]?.some((l) => l.id === id)) ?? null;

export const useStudio = create<StudioState>()(
  temporal(
    (set, get) => {
      const change = (area: StudioArea, next: (layers: StudioLayer[]) => StudioLayer[]) =>
        set((s) => ({ sides: { ...s.sides, [area]: next(s.sides[area] ?? []) } }));
      return {
        sides: {},
        area: 'front',
        selectedId: null,
        setArea: (area) => set({ area, selectedId: null }),
        select: (selectedId) => set({ selectedId }),
        addLayer: (layer) => {
          change(get().area, (layers) => [...layers, layer]);
          set({ selectedId: layer.id });
        },
        updateLayer: (id, patch) => {
          const area = sideOf(get().sides, id);
          if (area) change(area, (layers) => layers.map((l) => (l.id === id ? ({ ...l, ...patch } as StudioLayer) : l)));
        },
        removeLayer: (id) => {
          const area = sideOf(get().sides, id);
          if (!area) return;
          change(area, (layers) => layers.filter((l) => l.id !== id));
          if (get().selectedId === id) set({ selectedId: null });
        },
        moveLayer: (id, by) => {
          const area = sideOf(get().sides, id);
          if (!area) return;
          change(area, (layers) => {
            const i = layers.findIndex((l) => l.id === id);
            const j = i + by;
            if (i < 0 || j < 0 || j >= layers.length) return layers;
            const next = [...layers];
            [next[i], next[j]] = [next[j]!, next[i]!];
            return next;
          });
        },
        duplicateLayer: (id) => {
          const area = sideOf(get().sides, id);
          const layer = area ? get().sides[area]!.find((l) => l.id === id) : undefined;
          if (!area || !layer) return;
          const copy = { ...layer, id: newLayerId(), x: layer.x + 0.04, y: layer.y + 0.04, locked: false };
          change(area, (layers) => [...layers, copy]);
          set({ selectedId: copy.id });
        },
        load: (sides) => {
          set({ sides, selectedId: null, area: 'front' });
          useStudio.temporal.getState().clear();
        },
      };
    },
    { partialize: (s) => ({ sides: s.sides }), equality: (a, b) => a.sides === b.sides, limit: 200 },
  ),
);

export const undo = () => useStudio.temporal.getState().undo();
export const redo = () => useStudio.temporal.getState().redo();

/**
 * A change made continuously (dragging the curve slider): the first step is one undo step, the rest of the gesture
 * is not recorded, so one undo takes the whole gesture back.
 */
let continuing = false;
export function updateContinuously(id: string, patch: Partial<StudioLayer>) {
  useStudio.getState().updateLayer(id, patch);
  if (!continuing) {
    continuing = true;
    useStudio.temporal.getState().pause();
  }
}
export function endContinuousUpdate() {
  if (!continuing) return;
  continuing = false;
  useStudio.temporal.getState().resume();
}
