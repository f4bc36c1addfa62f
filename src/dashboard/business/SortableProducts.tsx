import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CollectionDetail } from '../../core/businessAdmin';

type Item = CollectionDetail['items'][number];

/** The collection's products in order: drag a handle (mouse, touch, or Space then arrow keys), or use the move buttons. */
export function SortableProducts({ items, onChange }: { items: Item[]; onChange: (items: Item[]) => void }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.id === active.id);
    const to = items.findIndex((i) => i.id === over.id);
    onChange(arrayMove(items, from, to));
  };
  const move = (index: number, by: number) => onChange(arrayMove(items, index, index + by));
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <ol className="business__sortable" aria-label="Products in this collection">
          {items.map((item, index) => (
            <Row key={item.id} item={item} index={index} last={index === items.length - 1} onMove={move} onRemove={() => onChange(items.filter((i) => i.id !== item.id))} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function Row({ item, index, last, onMove, onRemove }: { item: Item; index: number; last: boolean; onMove: (index: number, by: number) => void; onRemove: () => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }} className={isDragging ? 'is-dragging' : undefined}>
      <button type="button" className="business__handle" aria-label={`Drag ${item.name}`} {...attributes} {...listeners}>
        ⠿
      </button>
      {item.image ? <img src={item.image} alt="" width={40} height={40} loading="lazy" /> : <span className="products__noimage" aria-hidden="true" />}
      <span className="business__item-name">
        {item.name}
        <small>{item.sku}</small>
      </span>
      <button type="button" className="button button--quiet" disabled={index === 0} onClick={() => onMove(index, -1)} aria-label={`Move ${item.name} up`}>
        ↑
      </button>
      <button type="button" className="button button--quiet" disabled={last} onClick={() => onMove(index, 1)} aria-label={`Move ${item.name} down`}>
        ↓
      </button>
      <button type="button" className="link-button" onClick={onRemove} aria-label={`Remove ${item.name}`}>
        Remove
      </button>
    </li>
  );
}
