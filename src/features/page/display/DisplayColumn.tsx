/**
 * One column of the Customize Properties Display modal: its title, its hint, and its
 * properties as sortable items (dnd-kit) that the pointer or the keyboard picks up and moves,
 * within the column or to the other one. The column itself is a drop target, so an empty one
 * still takes a property. Moves animate for 200 ms, not at all under reduced motion.
 */
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useId } from 'react';
import type { DisplayProperty } from './actions.ts';

/** Spec 2 §2: "drag-and-drop (200 ms animation)". */
export const DRAG_ANIMATION_MS = 200;

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

interface Props {
  id: string;
  title: string;
  hint: string;
  properties: DisplayProperty[];
}

export function DisplayColumn({ id, title, hint, properties }: Props) {
  const { setNodeRef, isOver } = useDroppable({ id });
  const headingId = useId();
  const hintId = useId();
  return (
    <section className="display-column" aria-labelledby={headingId} aria-describedby={hintId} data-column={id}>
      <h3 id={headingId}>{title}</h3>
      <p id={hintId} className="display-hint">
        {hint}
      </p>
      <SortableContext id={id} items={properties.map((p) => p.id)} strategy={verticalListSortingStrategy}>
        <ul ref={setNodeRef} className={isOver ? 'display-items over' : 'display-items'}>
          {properties.map((property) => (
            <DisplayItem key={property.id} property={property} />
          ))}
        </ul>
      </SortableContext>
    </section>
  );
}

/** A list item that moves (the sortable node) holding the handle that is picked up (a button). */
function DisplayItem({ property }: { property: DisplayProperty }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: property.id,
    transition: reducedMotion() ? null : { duration: DRAG_ANIMATION_MS, easing: 'ease' },
  });
  return (
    <li
      ref={setNodeRef}
      className="display-slot"
      style={{ transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined, transition }}
    >
      <div
        ref={setActivatorNodeRef}
        className={isDragging ? 'display-item dragging' : 'display-item'}
        data-property={property.name}
        {...attributes}
        {...listeners}
      >
        {property.name}
      </div>
    </li>
  );
}
