import { GiftOutlined, MessageOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import type { TDashboardBasic } from '@steward/contracts/dashboard';
import { Card, Col, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatCount } from './dashboard-format.ts';
import { SectionError } from './section-error.tsx';
import { useDashboardBasic } from './dashboard-queries.ts';

interface StatProps {
  testId: string;
  label: string;
  value: ReactNode;
  note: string;
  icon: ReactNode;
  color: string;
  /** a word rather than a number: a smaller type */
  wordy?: boolean;
}

function Stat({ testId, label, value, note, icon, color, wordy }: StatProps) {
  return (
    <Card style={{ height: '100%' }} styles={{ body: { padding: 16 } }}>
      <div style={{ display: 'flex', gap: 10, alignItems: 'center', marginBottom: 6 }}>
        <span
          aria-hidden
          style={{
            fontSize: 16,
            color,
            background: `${color}14`,
            borderRadius: 8,
            width: 30,
            height: 30,
            display: 'grid',
            placeItems: 'center',
            flex: 'none',
          }}
        >
          {icon}
        </span>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {label}
        </Typography.Text>
      </div>
      <div data-testid={testId} style={{ fontSize: wordy ? 20 : 28, fontWeight: 700, lineHeight: '36px' }}>
        {value}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {note}
      </Typography.Text>
    </Card>
  );
}

function stats(b: TDashboardBasic): StatProps[] {
  return [
    {
      testId: 'member-count',
      label: 'Members',
      value: formatCount(b.memberCount),
      note: 'People your church records',
      icon: <TeamOutlined />,
      color: '#3b5bdb',
    },
    {
      testId: 'first-timer-count',
      label: 'First timers',
      value: formatCount(b.firstTimerCount),
      note: 'Guests recorded as first timers',
      icon: <UserAddOutlined />,
      color: '#12b886',
    },
    {
      testId: 'sms-units',
      label: 'SMS units',
      value: formatCount(b.smsUnit),
      note: 'Units left for sending SMS',
      icon: <MessageOutlined />,
      color: '#f08c00',
    },
    {
      testId: 'online-giving',
      label: 'Online giving',
      value: b.hasOnlineGiving ? 'Set up' : 'Not set up',
      note: b.hasOnlineGiving ? 'An active payment form takes gifts' : 'No active payment form yet',
      icon: <GiftOutlined />,
      color: '#ae3ec9',
      wordy: true,
    },
  ];
}

/** The figures of GET /dashboard/basic: members, first timers, SMS units, online giving. */
export function DashboardStats() {
  const basic = useDashboardBasic();
  if (basic.isError && !basic.data) {
    return <SectionError error={basic.error} what="the church's figures" onRetry={() => void basic.refetch()} />;
  }
  return (
    <Row gutter={[16, 16]} role="region" aria-label="Church figures">
      {basic.data
        ? stats(basic.data).map((s) => (
            <Col key={s.testId} xs={12} lg={6}>
              <Stat {...s} />
            </Col>
          ))
        : [0, 1, 2, 3].map((i) => (
            <Col key={i} xs={12} lg={6}>
              <Card aria-busy="true" aria-label="Loading">
                <Skeleton active title={false} paragraph={{ rows: 2 }} />
              </Card>
            </Col>
          ))}
    </Row>
  );
}
