import { beforeEach, describe, expect, it } from 'vitest';
import { redo, undo, useStudio } from './store';
import type { TextLayer } from '../core/studio';

const layer = (id: string, text = id): TextLayer => ({ id, kind: 'text', text, font: 'Lato', colour: '#111111', size: 0.1, x: 0.5, y: 0.5, rotation: 0 });

beforeEach(() => useStudio.getState().load({}));

describe('studio store', () => {
  it('undoes and redoes design changes, not side or selection changes', () => {
    const s = useStudio.getState();
    s.addLayer(layer('a'));
    s.setArea('back');
    s.addLayer(layer('b'));
    s.updateLayer('b', { text: 'BACK' });
    expect(useStudio.getState().sides.back).toEqual([layer('b', 'BACK')]);
    undo();
    expect(useStudio.getState().sides.back).toEqual([layer('b')]);
    undo();
    expect(useStudio.getState().sides.back ?? []).toEqual([]);
    expect(useStudio.getState().area).toBe('back');
    redo();
    redo();
    expect(useStudio.getState().sides.back).toEqual([layer('b', 'BACK')]);
    expect(useStudio.getState().sides.front).toEqual([layer('a')]);
  });

  it('orders, duplicates and removes layers on their own side', () => {
    const s = useStudio.getState();
    s.addLayer(layer('a'));
    s.addLayer(layer('b'));
    s.moveLayer('b', -1);
    expect(useStudio.getState().sides.front!.map((l) => l.id)).toEqual(['b', 'a']);
    s.moveLayer('b', -1);
    expect(useStudio.getState().sides.front!.map((l) => l.id)).toEqual(['b', 'a']);
    s.duplicateLayer('a');
    const front = useStudio.getState().sides.front!;
    expect(front).toHaveLength(3);
    expect(useStudio.getState().selectedId).toBe(front[2]!.id);
    s.removeLayer('a');
    expect(useStudio.getState().sides.front!.map((l) => l.id)).not.toContain('a');
  });
});

describe('continuous changes', () => {
  it('a slider gesture is one undo step', async () => {
    const { updateContinuously, endContinuousUpdate } = await import('./store');
    const s = useStudio.getState();
    s.addLayer(layer('a'));
    for (const curve of [0.1, 0.2, 0.3, 0.4]) updateContinuously('a', { curve });
    endContinuousUpdate();
    expect(useStudio.getState().sides.front![0]).toMatchObject({ curve: 0.4 });
    undo();
    expect(useStudio.getState().sides.front).toEqual([layer('a')]);
    redo();
    expect(useStudio.getState().sides.front![0]).toMatchObject({ curve: 0.4 });
    // Later changes are recorded again.
    s.updateLayer('a', { text: 'next' });
    undo();
    expect(useStudio.getState().sides.front![0]).toMatchObject({ curve: 0.4, text: 'a' });
  });
});
