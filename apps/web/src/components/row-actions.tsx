import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';

export interface RowAction {
  key: string;
  label: string;
  danger?: boolean;
  onClick: () => void;
}

/**
 * The ACTION cell menu of a table row. Clicks stay inside the cell (they do not open the row);
 * the button is named 'Actions for {name}' for assistive technology and tests.
 */
export function RowActions({ name, actions }: { name: string; actions: RowAction[] }) {
  const items: MenuProps['items'] = actions.map((a) => ({ key: a.key, label: a.label, danger: a.danger }));
  return (
    <span data-row-action onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key, domEvent }) => {
            domEvent.stopPropagation();
            actions.find((a) => a.key === key)?.onClick();
          },
        }}
      >
        <Button type="text" icon={<MoreOutlined aria-hidden />} aria-label={`Actions for ${name}`} />
      </Dropdown>
    </span>
  );
}
