import { Button, Flex, Typography } from 'antd';

/** The merge fields and their button labels (issue 9 'Composing': first name, church name). */
const FIELDS = [
  { field: '{firstName}', label: 'First name' },
  { field: '{churchName}', label: 'Church name' },
] as const;

/**
 * The merge field buttons: each inserts its field ({firstName}, {churchName}) at the caret of the
 * message (the page also turns 'Personalise' on, so the field is filled per recipient).
 */
export function MergeFieldButtons({ onInsert, disabled }: { onInsert: (field: string) => void; disabled?: boolean }) {
  return (
    <Flex gap={8} wrap align="center" role="group" aria-label="Merge fields">
      <Typography.Text type="secondary">Insert:</Typography.Text>
      {FIELDS.map((f) => (
        <Button
          key={f.field}
          size="small"
          disabled={disabled}
          onClick={() => onInsert(f.field)}
          aria-label={`Insert ${f.label} (${f.field})`}
        >
          {f.label}
        </Button>
      ))}
    </Flex>
  );
}
