import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';

/** One entry of a row's ACTION menu. */
export interface RowAction {
  key: string;
  label: string;
  danger?: boolean;
  /** shown greyed out and not clickable (e.g. deleting an approved transaction) */
  disabled?: boolean;
  /** why it is disabled, shown beside the label: 'Delete (unapprove it first)' */
  disabledReason?: string;
  onClick: () => void;
}

/**
 * The ACTION cell menu of a table row or card. Clicks stay inside the cell (they do not open the
 * row); the button is named 'Actions for {name}' for assistive technology and tests. An action
 * may be disabled with a reason, which is shown beside its label; clicking it does nothing.
 */
export function RowActions({ name, actions }: { name: string; actions: RowAction[] }) {
  const items: MenuProps['items'] = actions.map((a) => ({
    key: a.key,
    danger: a.danger,
    disabled: a.disabled,
    label: a.disabled && a.disabledReason ? `${a.label} (${a.disabledReason})` : a.label,
  }));
  return (
    <span data-row-action onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key, domEvent }) => {
            domEvent.stopPropagation();
            const action = actions.find((a) => a.key === key);
            if (action && !action.disabled) action.onClick();
          },
        }}
      >
        <Button type="text" icon={<MoreOutlined aria-hidden />} aria-label={`Actions for ${name}`} />
      </Dropdown>
    </span>
  );
}
