import { HolderOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Table, type TableColumnsType, type TableProps } from 'antd';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type HTMLAttributes,
} from 'react';

/*
 * Drag to reorder (spec 2.18-2.20 'rows can be reordered by drag'; DESIGN.md §2 @dnd-kit).
 * antd's Table renders the rows; each body row is a dnd-kit sortable item and the first cell
 * holds its drag handle: a button that a mouse or finger drags, and that the keyboard lifts
 * with Space or Enter, moves with the arrow keys, drops with Space or Enter and cancels with
 * Escape. Screen readers hear the instructions and where the row is.
 */

interface HandleContextValue {
  setActivatorNodeRef?: (element: HTMLElement | null) => void;
  listeners?: ReturnType<typeof useSortable>['listeners'];
  attributes?: ReturnType<typeof useSortable>['attributes'];
}

const HandleContext = createContext<HandleContextValue>({});

/** The drag handle of a row, named 'Drag to reorder {name}'. */
function DragHandle({ name }: { name: string }) {
  const { setActivatorNodeRef, listeners, attributes } = useContext(HandleContext);
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined aria-hidden />}
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Drag to reorder ${name}`}
      aria-roledescription="sortable"
      style={{ cursor: 'grab', touchAction: 'none' }}
    />
  );
}

/** A body row: a sortable item keyed by antd's `data-row-key`. */
function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key': string }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props['data-row-key'],
  });
  const style: CSSProperties = {
    ...props.style,
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { position: 'relative', zIndex: 2, background: '#f0f5ff' } : {}),
  };
  const handle = useMemo(
    () => ({ setActivatorNodeRef, listeners, attributes }),
    [setActivatorNodeRef, listeners, attributes],
  );
  return (
    <HandleContext.Provider value={handle}>
      <tr {...props} ref={setNodeRef} style={style} />
    </HandleContext.Provider>
  );
}

export interface SortableTableProps<T extends { id: string }> extends Omit<
  TableProps<T>,
  'dataSource' | 'columns' | 'rowKey' | 'components'
> {
  /** The rows in their current order. */
  items: T[];
  columns: TableColumnsType<T>;
  /** The row's name, read out while dragging and used in the handle's label. */
  nameOf: (item: T) => string;
  /** Called with the whole list in its new order after a drop that moved a row. */
  onReorder: (items: T[]) => void;
  /** The thing being ordered, for the screen-reader messages ('stage', 'level', 'field'). */
  noun: string;
  /** Drag handles hidden (e.g. while a row is being edited). */
  dragDisabled?: boolean;
}

/**
 * An antd Table whose rows can be dragged into a new order by mouse, touch or keyboard
 * (spec 2.18-2.20). The first column is the drag handle; `onReorder` receives the reordered
 * list. Positions are not numbered here: the caller renumbers and saves (useDelayedSave).
 */
export function SortableTable<T extends { id: string }>({
  items,
  columns,
  nameOf,
  onReorder,
  noun,
  dragDisabled,
  ...tableProps
}: SortableTableProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => items.map((i) => i.id), [items]);
  const name = useCallback(
    (id: UniqueIdentifier | undefined) => {
      const item = items.find((i) => i.id === id);
      return item ? nameOf(item) : noun;
    },
    [items, nameOf, noun],
  );
  const position = (id: UniqueIdentifier | undefined) => ids.indexOf(String(id)) + 1;

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${noun} ${name(active.id)}, position ${position(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} is now at position ${position(over.id)} of ${ids.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} dropped at position ${position(over.id)} of ${ids.length}.` : undefined,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(items, from, to));
  };

  const allColumns: TableColumnsType<T> = [
    {
      key: '__drag',
      width: 48,
      title: <span className="visually-hidden">Order</span>,
      render: (_: unknown, item: T) => (dragDisabled ? null : <DragHandle name={nameOf(item)} />),
    },
    ...columns,
  ];

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: `To move a ${noun}, press Space or Enter on its handle, use the up and down arrow keys, then press Space or Enter to drop it, or Escape to cancel.`,
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Table<T>
          size="middle"
          pagination={false}
          scroll={{ x: 'max-content' }}
          {...tableProps}
          rowKey="id"
          components={{ body: { row: SortableRow } }}
          columns={allColumns}
          dataSource={items}
        />
      </SortableContext>
    </DndContext>
  );
}

/**
 * A list kept in a new order on screen at once and saved `delayMs` after the last move
 * (spec 2.18: 'sent after 1,000 ms'), so several moves in a row make one request.
 *
 * - `items`: the server's list (query data); `order` is what the screen shows: the local order
 *   while a save is pending or running, otherwise `items`.
 * - `move(list)`: show `list` now and (re)start the timer.
 * - `save(list)`: sends the list; on failure the screen falls back to `items` (the caller's
 *   error toast explains). On success `save` should put the saved list into the query cache
 *   (setQueryData) before it resolves, so the screen does not flash the old order.
 * A pending save is sent at once when the component unmounts, so leaving the page loses nothing.
 */
export function useDelayedSave<T>(items: T[], save: (list: T[]) => Promise<unknown>, delayMs = 1000) {
  const [local, setLocal] = useState<T[] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<T[] | null>(null);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const list = pending.current;
    pending.current = null;
    if (!list) return;
    void saveRef.current(list).finally(() => {
      if (!pending.current) setLocal(null);
    });
  }, []);

  const move = useCallback(
    (list: T[]) => {
      setLocal(list);
      pending.current = list;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, delayMs);
    },
    [flush, delayMs],
  );

  useEffect(() => () => flush(), [flush]);

  return { order: local ?? items, move, saving: local !== null };
}
