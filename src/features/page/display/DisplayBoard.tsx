/**
 * The two columns of the Customize Properties Display modal, 'Always Visible' and 'Toggle to
 * Display', under one dnd-kit context: the pointer drags (after a 4 px move, so a click is not
 * a drag); the keyboard picks a property up with Space or Enter, moves it with the arrow keys —
 * up and down in a column, left and right to the other —, drops it with Space or Enter, and
 * Escape puts it back. Each step is announced to screen readers with the property's name, its
 * column and its position. The board only rearranges; the modal saves.
 */
import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useLayoutEffect, useRef } from 'react';
import type { ArrangedProperties } from '../../../domain/notion/displayConfig.ts';
import type { DisplayProperty } from './actions.ts';
import { DisplayColumn } from './DisplayColumn.tsx';

export type Columns = ArrangedProperties<DisplayProperty>;
type ColumnId = keyof Columns;

export const COLUMNS: { id: ColumnId; title: string; hint: string }[] = [
  { id: 'alwaysVisible', title: 'Always Visible', hint: 'Drag properties here to make them always visible' },
  { id: 'toggleable', title: 'Toggle to Display', hint: 'Drag properties here to make them togglable' },
];

/**
 * Where the pointer is, when it is over a column or a property (a tall, empty column's corners
 * are far from a property dragged into it); else — the keyboard, or between the columns — the
 * nearest by corners.
 */
const collisions: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length > 0 ? within : closestCorners(args);
};

const INSTRUCTIONS =
  'To move a property, press Space or Enter to pick it up, the arrow keys to move it up, down or to the other column, then Space or Enter to drop it, or Escape to cancel.';

interface Props {
  columns: Columns;
  onChange: (columns: Columns) => void;
  /** A drag starts or ends: while it lasts, Escape cancels it rather than closing the modal. */
  onDragging: (dragging: boolean) => void;
}

export function DisplayBoard({ columns, onChange, onDragging }: Props) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // The columns as they stand mid-drag (announcements run outside React's render) and before it (Escape).
  const current = useRef(columns);
  useLayoutEffect(() => {
    current.current = columns;
  }, [columns]);
  const before = useRef(columns);

  const columnOf = (id: UniqueIdentifier): ColumnId | undefined =>
    id in current.current ? (id as ColumnId) : COLUMNS.find((c) => current.current[c.id].some((p) => p.id === id))?.id;
  const where = (id: UniqueIdentifier) => {
    const column = columnOf(id);
    if (!column) return '';
    const list = current.current[column];
    const index = list.findIndex((p) => p.id === id);
    const title = COLUMNS.find((c) => c.id === column)!.title;
    return index < 0 ? `in ${title}` : `in ${title}, position ${index + 1} of ${list.length}`;
  };
  const nameOf = (id: UniqueIdentifier) =>
    [...current.current.alwaysVisible, ...current.current.toggleable].find((p) => p.id === id)?.name ?? '';

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, ${where(active.id)}.`,
    // Over itself: where it was picked up, already said. Over another property of its column: that
    // one's place is where it will land. Across: moveAcross has already put it there.
    onDragOver: ({ active, over }) => {
      if (!over || over.id === active.id) return undefined;
      const along = !(over.id in current.current) && columnOf(over.id) === columnOf(active.id);
      return `${nameOf(active.id)} is now ${where(along ? over.id : active.id)}.`;
    },
    onDragEnd: ({ active }) => `${nameOf(active.id)} was dropped ${where(active.id)}.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled. It is back ${where(active.id)}.`,
  };

  /** Across columns while dragging, so the other column opens a gap where it will land. */
  const moveAcross = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    const from = columnOf(active.id);
    const to = columnOf(over.id);
    if (!from || !to || from === to) return;
    const moving = current.current[from].find((p) => p.id === active.id)!;
    const target = current.current[to];
    const at = target.findIndex((p) => p.id === over.id);
    const next = {
      ...current.current,
      [from]: current.current[from].filter((p) => p.id !== active.id),
      [to]: [...target.slice(0, at < 0 ? target.length : at), moving, ...target.slice(at < 0 ? target.length : at)],
    };
    current.current = next;
    onChange(next);
  };

  /** Within the column it ended in. */
  const drop = ({ active, over }: DragEndEvent) => {
    const column = over ? columnOf(over.id) : undefined;
    if (!over || !column || column !== columnOf(active.id)) return;
    const list = current.current[column];
    const from = list.findIndex((p) => p.id === active.id);
    const to = list.findIndex((p) => p.id === over.id);
    if (to < 0 || from === to) return;
    const next = { ...current.current, [column]: arrayMove(list, from, to) };
    current.current = next;
    onChange(next);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
      onDragStart={() => {
        before.current = current.current;
        onDragging(true);
      }}
      onDragOver={moveAcross}
      onDragEnd={(event) => {
        onDragging(false);
        drop(event);
      }}
      onDragCancel={() => {
        onDragging(false);
        current.current = before.current;
        onChange(before.current);
      }}
    >
      <div className="display-board">
        {COLUMNS.map((column) => (
          <DisplayColumn key={column.id} {...column} properties={columns[column.id]} />
        ))}
      </div>
    </DndContext>
  );
}
