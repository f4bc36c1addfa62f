import { useCallback, useMemo } from 'react';
import { propertiesAt } from '../../core/blocks/responsive';
import { useBlock, useEditor, useEditorStore } from '../store';
import { ScheduleSection } from '../history/ScheduleSection';
import { editorRegistry } from '../schemas';
import { BlockPropertiesForm } from './BlockPropertiesForm';
import { LegibilityNotice } from './LegibilityNotice';
import { BreakpointBar } from './ResponsiveField';
import { newGesture } from './SchemaForm';
import type { ResponsiveEditing } from './context';
import './panels.css';

const EMPTY: string[] = [];

/**
 * The selected block's properties (§4 form field editing). Each change goes to the store at once as a patch
 * with one gesture id per field focus session, so a burst of typing is one undo step. The block's live
 * validation problems (store.invalid) are listed on top; field errors show beside the fields.
 */
export function PropertyPanel({ uid }: { uid: string }) {
  const block = useBlock(uid);
  const divisionId = useEditor((s) => s.divisionId);
  const invalid = useEditor((s) => s.invalid[uid] ?? EMPTY);
  // The canvas's device is the breakpoint edited: per-device settings (x-ui.responsive) show and change its values.
  const device = useEditor((s) => s.device);
  const editor = useEditorStore();
  const onChange = useCallback((patch: Record<string, unknown>, gesture: string) => editor.getState().updateProperties(uid, patch, gesture, device), [editor, uid, device]);
  const type = block?.type;
  const overrides = block?.responsive;
  const responsive = useMemo<ResponsiveEditing | undefined>(() => {
    if (!type) return undefined;
    return {
      breakpoint: device,
      properties: editorRegistry().responsiveProperties(type),
      overrides,
      reset: (key) => editor.getState().updateProperties(uid, { [key]: undefined }, newGesture(uid), device),
    };
  }, [type, overrides, device, editor, uid]);
  if (!block) return <p className="panel-empty">Select a block on the page to edit it.</p>;
  const registry = editorRegistry();
  const meta = registry.blockMeta(block.type);
  const properties = propertiesAt(block, device);
  return (
    <section className="panel" aria-label={`${meta?.title ?? block.type} properties`}>
      <header className="panel-header">
        <h2>{meta?.title ?? block.type}</h2>
        {meta?.description && <span className="panel-header__type">{meta.description}</span>}
      </header>
      {meta && <BreakpointBar breakpoint={device} onChange={(next) => editor.getState().setDevice(next)} />}
      {invalid.length > 0 && (
        <div className="panel-invalid" role="status" aria-live="polite">
          <h3>This block needs attention</h3>
          <ul>
            {invalid.map((message, i) => (
              <li key={`${i}:${message}`}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      <LegibilityNotice type={block.type} properties={properties} />
      {meta ? (
        <BlockPropertiesForm registry={registry} uid={uid} type={block.type} properties={properties} divisionId={divisionId} onChange={onChange} responsive={responsive} />
      ) : (
        <p className="panel-empty">{`Block type of ${block.type} hasn't been registered`}</p>
      )}
      <ScheduleSection blockUid={uid} />
    </section>
  );
}
