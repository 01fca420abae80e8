import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Select } from 'antd';
import { itemsChosenElsewhere, type ItemRow } from './payment-form-model.ts';

interface ContributionItemRowsProps {
  rows: ItemRow[];
  /** The church's contribution (offering) items, `{id, name}`. */
  items: { id: string; name: string }[];
  loading: boolean;
  onChoose: (key: string, itemId: string | null) => void;
  onAddRow: () => void;
  onDeleteRow: (row: ItemRow) => void;
  onAddContribution: () => void;
}

function byName(input: string, option?: { label?: unknown }): boolean {
  return String(option?.label ?? '')
    .toLowerCase()
    .includes(input.trim().toLowerCase());
}

/**
 * The contribution item rows of a payment form (giving spec 2.2): one searchable picker per row
 * ('Contribution item {n}', an item chosen in another row is not offered again), a delete button
 * per row ('Delete row {n}'), 'Add row' and 'Add Contribution' (creates a new item).
 */
export function ContributionItemRows({
  rows,
  items,
  loading,
  onChoose,
  onAddRow,
  onDeleteRow,
  onAddContribution,
}: ContributionItemRowsProps) {
  return (
    <div role="group" aria-label="Contribution items">
      {rows.map((row, i) => {
        const taken = itemsChosenElsewhere(rows, row.key);
        const options = items.filter((it) => !taken.has(it.id)).map((it) => ({ value: it.id, label: it.name }));
        return (
          <Flex key={row.key} gap={8} align="center" style={{ marginBottom: 8 }} data-testid="item-row">
            <Select<string>
              aria-label={`Contribution item ${i + 1}`}
              placeholder="Select contribution item"
              value={row.itemId ?? undefined}
              onChange={(v) => onChoose(row.key, v ?? null)}
              options={options}
              loading={loading}
              showSearch={{ filterOption: byName }}
              style={{ flex: 1, minWidth: 0 }}
            />
            <Button
              type="text"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={`Delete row ${i + 1}`}
              onClick={() => onDeleteRow(row)}
            />
          </Flex>
        );
      })}
      <Flex gap={8} wrap>
        <Button icon={<PlusOutlined aria-hidden />} onClick={onAddRow}>
          Add row
        </Button>
        <Button type="link" onClick={onAddContribution}>
          Add Contribution
        </Button>
      </Flex>
    </div>
  );
}
