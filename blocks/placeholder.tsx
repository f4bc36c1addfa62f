import type { BlockProps } from '../src/renderer/types';
import type { PlaceholderProperties } from '../src/core/generated/blockProperties';
import './placeholder.css';

/**
 * Marks where content will go. In the builder (preview, embedded editors) a dashed drop-zone with its label
 * and note; for shoppers nothing visible — only the empty space of its height, as its schema says, so the
 * page keeps the layout it was designed with.
 */
export default function Placeholder({ properties: p, mode }: BlockProps<PlaceholderProperties>) {
  const minHeight = p.minHeight ?? 200;
  if (mode === 'native') return <div className="placeholder placeholder--native" style={{ minHeight }} aria-hidden="true" />;
  return (
    <div className="placeholder placeholder--builder" style={{ minHeight }}>
      <span className="placeholder__label">{p.label || 'Placeholder'}</span>
      {p.note?.trim() && <p className="placeholder__note">{p.note}</p>}
    </div>
  );
}
