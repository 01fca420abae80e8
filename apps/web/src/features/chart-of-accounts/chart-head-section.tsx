import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { TAccount, TAccountHead } from '@steward/contracts/chart';
import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { MoneyText } from '../../components/money-text.tsx';
import { CHART_MESSAGES } from './chart-messages.ts';

interface ChartHeadSectionProps {
  head: TAccountHead;
  onAdd: (head: TAccountHead) => void;
  onEdit: (account: TAccount) => void;
  onDelete: (account: TAccount) => void;
}

/**
 * One account head of a chart tab (spec 2.10): its name and sub-head label, an 'Add a new Account'
 * link, then its accounts with code, name, description, balance (in the account's currency), an
 * edit and a delete icon; an empty head says 'You have not added any accounts under this head yet.'.
 */
export function ChartHeadSection({ head, onAdd, onEdit, onDelete }: ChartHeadSectionProps) {
  const titleId = `head-${head.id}`;
  return (
    <section aria-labelledby={titleId} className="chart-head">
      <Flex justify="space-between" align="center" wrap gap={8} className="chart-head-bar">
        <div>
          <Typography.Title level={3} id={titleId} style={{ fontSize: 16, margin: 0 }}>
            {head.name}
          </Typography.Title>
          <Typography.Text type="secondary">{head.groupSubHead}</Typography.Text>
        </div>
        <Button type="link" icon={<PlusOutlined aria-hidden />} onClick={() => onAdd(head)}>
          Add a new Account
        </Button>
      </Flex>
      {head.accounts.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ padding: '12px 16px', margin: 0 }}>
          {CHART_MESSAGES.emptyHead}
        </Typography.Paragraph>
      ) : (
        <ul className="chart-accounts" aria-label={`Accounts of ${head.name}`}>
          {head.accounts.map((a) => (
            <li key={a.id} className="chart-account" data-account-id={a.id}>
              <span className="chart-account-code">{a.code || '—'}</span>
              <span className="chart-account-name">
                <strong>{a.name}</strong>
                {a.isActive ? null : (
                  <Tag color="default" style={{ marginInlineStart: 8 }}>
                    Deactivated
                  </Tag>
                )}
                {a.description ? (
                  <Typography.Text type="secondary" className="chart-account-description">
                    {a.description}
                  </Typography.Text>
                ) : null}
              </span>
              <span className="chart-account-balance">
                <MoneyText amount={a.balance} currency={a.currency.shortCode} />
              </span>
              <span className="chart-account-actions">
                <Tooltip title="Edit">
                  <Button
                    type="text"
                    icon={<EditOutlined aria-hidden />}
                    aria-label={`Edit ${a.name}`}
                    onClick={() => onEdit(a)}
                  />
                </Tooltip>
                <Tooltip title="Delete">
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={`Delete ${a.name}`}
                    onClick={() => onDelete(a)}
                  />
                </Tooltip>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
