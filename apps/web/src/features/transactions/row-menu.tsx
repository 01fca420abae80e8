import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';

export interface RowMenuAction {
  key: string;
  label: string;
  danger?: boolean;
  /** shown greyed out and not clickable */
  disabled?: boolean;
  /** why it is disabled, read out and shown beside it */
  disabledReason?: string;
  onClick: () => void;
}

/**
 * The ACTION cell menu of a finance row: the shared RowActions, plus actions that can be
 * disabled with a reason (an approved transaction cannot be deleted until it is unapproved).
 * Clicks stay inside the cell; the button is named 'Actions for {name}'.
 */
export function RowMenu({ name, actions }: { name: string; actions: RowMenuAction[] }) {
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
