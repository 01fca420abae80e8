import type { TCustomField } from '@steward/contracts/custom-fields';
import { MESSAGES, TOAST_SECONDS } from '@steward/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Grid, Typography, type TableColumnsType } from 'antd';
import { useCallback, useState } from 'react';
import { HttpError } from '../../../api/http.ts';
import { settingsKeys } from '../../../api/query-keys.ts';
import { deleteCustomField, reorderCustomFields } from '../../../api/settings.ts';
import { SortableTable, useDelayedSave } from '../../../components/sortable-table.tsx';
import { useToast } from '../../../components/use-toast.ts';
import { saveFailureText } from './custom-field-add-form.tsx';
import { controlTypeName, entityTypeName, optionsOf } from './custom-field-model.ts';
import { CustomFieldRowEditor } from './custom-field-row-editor.tsx';

const listKey = settingsKeys.customFields();

/** The failed delete's toast (spec §8): a 400 is the server's sentence (how many answers the field holds). */
function deleteFailureText(err: unknown): string {
  if (err instanceof HttpError && err.status === 400) return err.serverMessage ?? MESSAGES.customFieldDeleteRefused;
  return MESSAGES.customFieldDeleteFailed;
}

/** The options of a dropdown field as one quiet line ('Options: Red, Green'), or nothing. */
function OptionsLine({ field }: { field: TCustomField }) {
  const options = optionsOf(field);
  if (options.length === 0) return null;
  return (
    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, maxWidth: 260 }} ellipsis>
      Options: {options.join(', ')}
    </Typography.Text>
  );
}

/**
 * The custom field list of Custom Field Setup (spec 2.20, §4): LABEL, CONTROL TYPE, ENTITY
 * TYPE, ACTION (View, Delete), in `order`. Rows are dragged (mouse, touch, keyboard) into a new
 * order, sent 1,000 ms after the last move with POST /api/CustomFields/ReorderCustomFields
 * ('Custom fields reordered successfully'). View turns the row into its editor (one at a time;
 * dragging is off meanwhile). Delete asks 'Are you sure you want to Delete?' ('Delete canceled'
 * on Cancel) and answers 'Custom field deleted', or the server's refusal for a field with answers.
 * Below the md breakpoint the type columns fold into the LABEL cell so that the table fits a phone.
 */
export function CustomFieldsTable({ fields }: { fields: TCustomField[] }) {
  const toast = useToast();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const wide = screens.md ?? true;
  const [editingId, setEditingId] = useState<string | null>(null);

  const saveOrder = useCallback(
    async (list: TCustomField[]) => {
      // a field deleted while the save waited is left out (the server answers 404 for it)
      const known = queryClient.getQueryData<TCustomField[]>(listKey);
      const ids = list.map((f) => f.id).filter((id) => !known || known.some((f) => f.id === id));
      try {
        const saved = await reorderCustomFields(ids);
        queryClient.setQueryData(listKey, saved);
        toast.success(MESSAGES.customFieldsReordered);
      } catch (err) {
        toast.error(saveFailureText(err));
        await queryClient.invalidateQueries({ queryKey: listKey });
      }
    },
    [queryClient, toast],
  );
  const { order, move } = useDelayedSave(fields, saveOrder, 1000);

  const remove = useMutation({
    mutationFn: (field: TCustomField) => deleteCustomField(field.id),
    onSuccess: (_res, field) => {
      queryClient.setQueryData<TCustomField[]>(listKey, (list) => list?.filter((f) => f.id !== field.id));
      void queryClient.invalidateQueries({ queryKey: listKey });
      if (editingId === field.id) setEditingId(null);
      toast.success(MESSAGES.customFieldDeleted);
    },
    onError: (err) => toast.error(deleteFailureText(err)),
  });

  const confirmDelete = (field: TCustomField) =>
    modal.confirm({
      title: MESSAGES.confirmDeleteTitle,
      content: MESSAGES.settingsDeleteConfirm,
      okText: 'OK',
      cancelText: 'Cancel',
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(field).catch(() => undefined),
      onCancel: () => toast.info(MESSAGES.deleteCanceled, TOAST_SECONDS.cancel),
    });

  const editing = (field: TCustomField) => field.id === editingId;
  // the editor spans the data columns of its row; the other cells of that row are folded away
  const spanEditor = (field: TCustomField) => (editing(field) ? { colSpan: wide ? 4 : 2 } : {});
  const hideWhileEditing = (field: TCustomField) => (editing(field) ? { colSpan: 0 } : {});

  const labelColumn: TableColumnsType<TCustomField>[number] = {
    title: 'LABEL',
    key: 'label',
    onCell: spanEditor,
    render: (_, field) =>
      editing(field) ? (
        <CustomFieldRowEditor field={field} onClose={() => setEditingId(null)} />
      ) : wide ? (
        field.label
      ) : (
        <>
          <Typography.Text strong>{field.label}</Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {controlTypeName(field.controlType)} · {entityTypeName(field.entityType)}
          </Typography.Text>
          <OptionsLine field={field} />
        </>
      ),
  };
  const typeColumns: TableColumnsType<TCustomField> = [
    {
      title: 'CONTROL TYPE',
      key: 'controlType',
      onCell: hideWhileEditing,
      render: (_, field) => (
        <>
          {controlTypeName(field.controlType)}
          <OptionsLine field={field} />
        </>
      ),
    },
    {
      title: 'ENTITY TYPE',
      key: 'entityType',
      onCell: hideWhileEditing,
      render: (_, field) => entityTypeName(field.entityType),
    },
  ];
  const actionColumn: TableColumnsType<TCustomField>[number] = {
    title: 'ACTION',
    key: 'action',
    width: wide ? 150 : 80,
    onCell: hideWhileEditing,
    render: (_, field) => (
      <Flex gap={4} wrap={!wide} vertical={!wide} align="flex-start">
        <Button type="link" size="small" aria-label={`View ${field.label}`} onClick={() => setEditingId(field.id)}>
          View
        </Button>
        <Button
          type="link"
          size="small"
          danger
          aria-label={`Delete ${field.label}`}
          onClick={() => confirmDelete(field)}
        >
          Delete
        </Button>
      </Flex>
    ),
  };

  return (
    <SortableTable<TCustomField>
      items={order}
      columns={wide ? [labelColumn, ...typeColumns, actionColumn] : [labelColumn, actionColumn]}
      nameOf={(field) => field.label}
      onReorder={move}
      noun="field"
      dragDisabled={editingId !== null}
      // a phone: fixed columns, so the LABEL cell takes what is left and its lines cut with an ellipsis
      scroll={wide ? { x: 'max-content' } : undefined}
      tableLayout={wide ? undefined : 'fixed'}
      aria-label="Custom fields"
    />
  );
}
