import { Table, type TableProps } from 'antd';
import type { KeyboardEvent, MouseEvent } from 'react';

type DataTableProps<T> = TableProps<T> & {
  /** Opens a row (click or Enter). Clicks in the selection and ACTION cells do not open it. */
  onOpenRow?: (record: T) => void;
  /** Accessible name of a row, e.g. 'Open Tithe of 03/09/2025'. */
  rowLabel?: (record: T) => string;
};

function fromInnerControl(e: MouseEvent | KeyboardEvent): boolean {
  const target = e.target as HTMLElement | null;
  return Boolean(target?.closest('.ant-table-selection-column, [data-row-action], button, a, input, label'));
}

/**
 * The app's table: antd Table with clickable, keyboard-openable rows (each row keeps antd's
 * `data-row-key`), horizontal scroll on narrow screens and a shared look.
 */
export function DataTable<T extends object>({ onOpenRow, rowLabel, ...props }: DataTableProps<T>) {
  return (
    <Table<T>
      size="middle"
      scroll={{ x: 'max-content' }}
      {...props}
      onRow={(record) => ({
        ...(onOpenRow
          ? {
              tabIndex: 0,
              style: { cursor: 'pointer' },
              'aria-label': rowLabel?.(record),
              onClick: (e: MouseEvent) => {
                if (!fromInnerControl(e)) onOpenRow(record);
              },
              onKeyDown: (e: KeyboardEvent) => {
                if (e.key === 'Enter' && !fromInnerControl(e)) onOpenRow(record);
              },
            }
          : {}),
      })}
    />
  );
}
