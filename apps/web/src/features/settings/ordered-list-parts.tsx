import { ZStageName } from '@steward/contracts/life-cycle';
import { MESSAGES } from '@steward/contracts/messages';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Button, Checkbox, Flex, Form, Input, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { HttpError, isNetworkError, serverMessageOf } from '../../api/http.ts';
import { useConfirmDelete } from '../../components/confirm-delete.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { SortableTable, useDelayedSave } from '../../components/sortable-table.tsx';
import { useToast } from '../../components/use-toast.ts';
import { zodRule } from '../../components/zod-rule.ts';

/*
 * The pattern shared by the guest life-cycle stages (spec 2.18) and the branch levels (2.19):
 * an add bar, a list the user drags into order (saved 1,000 ms after the last move), a View
 * that turns the row into an inline editor, and a Delete that asks first.
 */

/** A row of an ordered settings list: a stage (with `isDefault`) or a branch level. */
export interface NamedRow {
  id: string;
  name: string;
  isDefault?: boolean;
}

/** What the add bar and the row editor submit: the trimmed name and the 'Mark As Default' box (false when absent). */
export interface NameValues {
  name: string;
  isDefault: boolean;
}

/** The text of a failed request: the connection message (spec §8), the server's text, or `fallback`. */
function failureText(err: unknown, fallback: string): string {
  if (isNetworkError(err)) return MESSAGES.networkDisrupted;
  return serverMessageOf(err) ?? fallback;
}

/**
 * The server's reason for refusing the name (a 400 naming `name`, e.g. a duplicate), as a
 * sentence for under the input: 'This name is already the name of another branch level'.
 */
function nameRefusal(err: unknown): string | null {
  if (!(err instanceof HttpError)) return null;
  const refusal = err.fieldErrors.find((f) => f.field === 'name');
  if (!refusal) return null;
  return /^[a-z]/.test(refusal.message) ? `This name ${refusal.message}` : refusal.message;
}

/** The contract's name rule (1-100 characters once trimmed; 'Enter a name'), never restated here. */
const NAME_RULE = zodRule(ZStageName);

interface NameFormProps {
  /** Placeholder and accessible name of the name input. */
  inputLabel: string;
  /** Shows the 'Mark As Default' checkbox (stages). */
  withDefault: boolean;
  /** Values the form opens with (the row editor); the add bar starts empty. */
  initial?: NameValues;
  /** Save is greyed out (e.g. while a new order is being saved). */
  saveDisabled?: boolean;
  /**
   * Saves the values; resolves once saved. A 400 naming `name` is shown under the input, any
   * other failure as an error toast; the form keeps what was typed.
   */
  onSubmit: (values: NameValues) => Promise<void>;
  /** The row editor's Discard (also on Escape); the add bar has none and empties itself after a save. */
  onDiscard?: () => void;
}

/**
 * The name form of both places: the add bar above the list ('Add Your New Guest Life Cycle' /
 * 'Add Branch Level', Save; Enter saves) and the inline editor of a row (name, Save, Discard,
 * Escape discards). An empty name is refused with the contract's message ('Enter a name').
 */
export function NameForm({ inputLabel, withDefault, initial, saveDisabled, onSubmit, onDiscard }: NameFormProps) {
  const [form] = Form.useForm<{ name: string; isDefault?: boolean }>();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const editing = onDiscard !== undefined;

  const finish = async (values: { name: string; isDefault?: boolean }) => {
    setBusy(true);
    try {
      await onSubmit({ name: values.name.trim(), isDefault: Boolean(values.isDefault) });
      if (!editing) form.resetFields();
    } catch (err) {
      const refusal = nameRefusal(err);
      if (refusal) form.setFields([{ name: 'name', errors: [refusal] }]);
      else toast.error(failureText(err, 'Not saved, please try again'));
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (editing && e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onDiscard();
    }
  };

  return (
    <Form
      form={form}
      initialValues={initial ?? { name: '', isDefault: false }}
      onFinish={(values) => void finish(values)}
      onKeyDown={onKeyDown}
      aria-label={inputLabel}
      style={{ width: '100%' }}
    >
      <Flex gap={8} wrap align="start">
        <Form.Item name="name" rules={[NAME_RULE]} style={{ flex: '1 1 200px', margin: 0 }}>
          <Input placeholder={inputLabel} aria-label={inputLabel} autoFocus={editing} maxLength={100} />
        </Form.Item>
        {withDefault ? (
          <Form.Item name="isDefault" valuePropName="checked" style={{ margin: 0 }}>
            <Checkbox style={{ lineHeight: '32px' }}>Mark As Default</Checkbox>
          </Form.Item>
        ) : null}
        <Flex gap={8}>
          {/* disabled + aria-busy, not `loading`: antd's loading icon can stay in the DOM after a
              quick save, leaving the button named 'loading Save' (the add bar stays on screen) */}
          <Button type="primary" htmlType="submit" disabled={busy || saveDisabled} aria-busy={busy}>
            Save
          </Button>
          {editing ? <Button onClick={onDiscard}>Discard</Button> : null}
        </Flex>
      </Flex>
    </Form>
  );
}

/** One ordered settings list: its calls, texts and whether it has a default row. */
export interface OrderedSettingsListProps<T extends NamedRow> {
  /** The page heading; null hides it (the branch summary embeds the levels without it, spec 2.19). */
  title: string | null;
  /** What one row is, for screen-reader texts: 'stage', 'branch level'. */
  noun: string;
  /** Plural of `noun`: 'guest life-cycle stages', 'branch levels'. */
  nounPlural: string;
  queryKey: QueryKey;
  /** Loads the rows in their saved order. */
  load: () => Promise<T[]>;
  /** Creates a row (`current`: the rows on screen, e.g. for the next level number). */
  create: (values: NameValues, current: T[]) => Promise<unknown>;
  /** Saves an edited row (`index`: its 0-based position on screen). */
  edit: (item: T, values: NameValues, index: number) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
  /** Saves the whole list in its new order and answers it as saved. */
  reorder: (list: T[]) => Promise<T[]>;
  /** Rows have a default: the 'Mark As Default' boxes and the 'Default' tag (stages). */
  withDefault: boolean;
  /** Placeholder and accessible name of the add bar's input. */
  addLabel: string;
  emptyText: string;
  /** Success toasts (spec §8). */
  messages: { saved: string; updated: string; orderUpdated: string };
}

/**
 * A whole ordered settings page (spec 2.18, 2.19; §4 'order ... sent after a 1000 ms delay'):
 * heading, add bar, then the loading skeleton, the network-error state with 'Try again', the
 * empty state, or the list with columns NAME (plus a 'Default' tag) and ACTION (View, Delete).
 * View turns the row into the inline editor; Delete asks 'Are you sure you want to Delete?'
 * ('Delete Successfully' / 'Delete canceled'). Rows are dragged by mouse, touch or keyboard;
 * the new order is saved 1,000 ms after the last move with the order toast. Adding and deleting
 * wait while a new order is being saved, since the reorder call must name every row.
 */
export function OrderedSettingsList<T extends NamedRow>(props: OrderedSettingsListProps<T>) {
  const { queryKey, messages } = props;
  const toast = useToast();
  const confirmDelete = useConfirmDelete();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey, queryFn: props.load });
  const [editingId, setEditingId] = useState<string | null>(null);
  const focusAfterEdit = useRef<string | null>(null);
  const items = useMemo(() => list.data ?? [], [list.data]);

  const saveOrder = async (next: T[]) => {
    try {
      const saved = await props.reorder(next);
      queryClient.setQueryData<T[]>(queryKey, saved);
      toast.success(messages.orderUpdated);
    } catch (err) {
      toast.error(failureText(err, 'The new order could not be saved, please try again'));
      await queryClient.invalidateQueries({ queryKey });
    }
  };
  const { order, move, saving } = useDelayedSave(items, saveOrder, 1000);
  // The order on screen, with each row as last loaded (a rename during a pending save shows at once).
  const rows = useMemo(() => {
    const latest = new Map(items.map((i) => [i.id, i]));
    return order.flatMap((o) => latest.get(o.id) ?? []);
  }, [order, items]);

  // Closing the editor gives the focus back to the row's View button.
  useEffect(() => {
    if (editingId !== null || !focusAfterEdit.current) return;
    document.querySelector<HTMLElement>(`[data-view-for="${focusAfterEdit.current}"]`)?.focus();
    focusAfterEdit.current = null;
  }, [editingId]);
  const closeEditor = () => {
    focusAfterEdit.current = editingId;
    setEditingId(null);
  };

  const add = async (values: NameValues) => {
    await props.create(values, items);
    await queryClient.invalidateQueries({ queryKey });
    toast.success(messages.saved);
  };

  const saveEdit = async (item: T, values: NameValues, index: number) => {
    await props.edit(item, values, index);
    await queryClient.invalidateQueries({ queryKey });
    toast.success(messages.updated);
    closeEditor();
  };

  const askDelete = (item: T) =>
    confirmDelete({
      text: MESSAGES.settingsDeleteConfirm,
      cancelMessage: MESSAGES.deleteCanceled,
      onConfirm: async () => {
        try {
          await props.remove(item.id);
          if (editingId === item.id) setEditingId(null);
          await queryClient.invalidateQueries({ queryKey });
          toast.success(MESSAGES.settingsDeleted);
        } catch (err) {
          toast.error(failureText(err, 'Delete Failed'));
          await queryClient.invalidateQueries({ queryKey });
        }
      },
    });

  const columns: TableColumnsType<T> = [
    {
      title: 'NAME',
      key: 'name',
      onCell: (item) => ({ colSpan: item.id === editingId ? 2 : 1 }),
      render: (_, item, index) =>
        item.id === editingId ? (
          <div role="group" aria-label={`Edit ${item.name}`}>
            <NameForm
              inputLabel="Name"
              withDefault={props.withDefault}
              initial={{ name: item.name, isDefault: Boolean(item.isDefault) }}
              onSubmit={(values) => saveEdit(item, values, index)}
              onDiscard={closeEditor}
            />
          </div>
        ) : (
          <Flex gap={8} align="center" wrap>
            <span>{item.name}</span>
            {props.withDefault && item.isDefault ? (
              <Tag color="blue" style={{ margin: 0 }}>
                Default
              </Tag>
            ) : null}
          </Flex>
        ),
    },
    {
      title: 'ACTION',
      key: 'action',
      width: 150,
      onCell: (item) => ({ colSpan: item.id === editingId ? 0 : 1 }),
      render: (_, item) => (
        <Flex gap={4}>
          <Button
            size="small"
            data-view-for={item.id}
            aria-label={`View ${item.name}`}
            onClick={() => setEditingId(item.id)}
          >
            View
          </Button>
          <Button
            size="small"
            danger
            aria-label={`Delete ${item.name}`}
            disabled={saving}
            onClick={() => askDelete(item)}
          >
            Delete
          </Button>
        </Flex>
      ),
    },
  ];

  const header = props.title ? <PageHeader title={props.title} /> : null;

  if (list.isPending) {
    return (
      <>
        {header}
        <PageSkeleton />
      </>
    );
  }
  if (list.isError) {
    return (
      <>
        {header}
        {isNetworkError(list.error) ? (
          <NetworkErrorState onRetry={() => void list.refetch()} />
        ) : (
          <EmptyState description={`The ${props.nounPlural} could not be loaded.`}>
            <Button type="primary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </EmptyState>
        )}
      </>
    );
  }

  return (
    <>
      {header}
      <div style={{ marginBottom: 8 }}>
        <NameForm inputLabel={props.addLabel} withDefault={props.withDefault} saveDisabled={saving} onSubmit={add} />
      </div>
      {rows.length === 0 ? (
        <EmptyState description={props.emptyText} />
      ) : (
        <>
          <Typography.Paragraph type="secondary" aria-live="polite" style={{ margin: '0 0 8px', minHeight: 22 }}>
            {saving
              ? 'Saving the new order…'
              : 'Drag a row by its handle to reorder (keyboard: Space, arrow keys, Space).'}
          </Typography.Paragraph>
          <SortableTable<T>
            items={rows}
            columns={columns}
            nameOf={(item) => item.name}
            onReorder={move}
            noun={props.noun}
            dragDisabled={editingId !== null}
            // no 'max-content' scroll: long names wrap and the row editor wraps within a phone's width
            scroll={undefined}
          />
        </>
      )}
    </>
  );
}
