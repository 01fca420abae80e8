import { GiftOutlined } from '@ant-design/icons';
import type { TCelebration } from '@steward/contracts/dashboard';
import { Card, Skeleton, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useId } from 'react';
import { formatDate } from '../../components/dates.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { SectionError } from './section-error.tsx';
import { useDashboardCelebrations } from './dashboard-queries.ts';

const COLUMNS: TableColumnsType<TCelebration> = [
  { title: 'Name', dataIndex: 'name', key: 'name' },
  { title: 'Date', dataIndex: 'date', key: 'date', render: (d: string) => formatDate(d), width: 110 },
  {
    title: 'Day',
    dataIndex: 'dayOfCelebration',
    key: 'day',
    width: 110,
    render: (d: string) => (d === 'Today' ? <Tag color="green">Today</Tag> : d),
  },
  { title: 'Type', dataIndex: 'celebration', key: 'type' },
  { title: 'Phone', dataIndex: 'phone', key: 'phone', render: (p: string) => p || '—' },
];

/** This month's birthdays and wedding anniversaries (GET /dashboard/celebrations). */
export function CelebrationsCard() {
  const titleId = useId();
  const celebrations = useDashboardCelebrations();

  let body;
  if (celebrations.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (celebrations.isError && !celebrations.data)
    body = (
      <SectionError error={celebrations.error} what="the celebrations" onRetry={() => void celebrations.refetch()} />
    );
  else if (celebrations.data.length === 0)
    body = <EmptyState description="No birthdays or wedding anniversaries this month" />;
  else
    body = (
      <Table<TCelebration>
        size="small"
        rowKey={(r) => `${r.personId}-${r.celebration}`}
        columns={COLUMNS}
        dataSource={celebrations.data}
        pagination={celebrations.data.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: 560 }}
      />
    );

  return (
    <Card role="region" aria-labelledby={titleId}>
      <Typography.Title level={2} id={titleId} style={{ fontSize: 16, margin: '0 0 12px' }}>
        <GiftOutlined aria-hidden style={{ color: '#e64980', marginRight: 8 }} />
        Celebrations this month
      </Typography.Title>
      {body}
    </Card>
  );
}
