import { AppstoreOutlined, PlusCircleOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Card, Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../app/current-user.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { CelebrationsCard } from './celebrations-card.tsx';
import { CountChartCard } from './count-chart-card.tsx';
import { DashboardStats } from './dashboard-stats.tsx';
import { useDashboardAttendance } from './dashboard-queries.ts';

interface QuickLink {
  to: string;
  title: string;
  text: string;
  icon: ReactNode;
}

const QUICK_LINKS: QuickLink[] = [
  {
    to: '/tenant/addoffering',
    title: 'Add Offering',
    text: 'Record the offerings of a service or event.',
    icon: <PlusCircleOutlined aria-hidden />,
  },
  {
    to: '/tenant/contributionCategory',
    title: 'Offering Items',
    text: 'Tithes, offerings, pledges and their accounts.',
    icon: <AppstoreOutlined aria-hidden />,
  },
  {
    to: '/tenant/offering',
    title: 'Offerings',
    text: 'Review offerings by period, with charts.',
    icon: <UnorderedListOutlined aria-hidden />,
  },
];

function QuickLinks() {
  const navigate = useNavigate();
  return (
    <nav aria-label="Quick links">
      <Row gutter={[16, 16]}>
        {QUICK_LINKS.map((l) => (
          <Col key={l.to} xs={24} md={8}>
            <Card
              hoverable
              role="link"
              tabIndex={0}
              aria-label={l.title}
              styles={{ body: { padding: 16 } }}
              onClick={() => void navigate(l.to)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void navigate(l.to);
              }}
            >
              <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
                <span style={{ fontSize: 22, color: '#3b5bdb' }}>{l.icon}</span>
                <div>
                  <Typography.Title level={2} style={{ fontSize: 15, margin: 0 }}>
                    {l.title}
                  </Typography.Title>
                  <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                    {l.text}
                  </Typography.Text>
                </div>
              </div>
            </Card>
          </Col>
        ))}
      </Row>
    </nav>
  );
}

/**
 * /tenant: the church's figures from the calls the existing client's dashboard makes
 * (existing-client-api §1.4): members, first timers, SMS units and online giving
 * (GET /dashboard/basic), event attendance and first-timer inflow per week and month
 * (GET /dashboard/attendance), this month's celebrations (GET /dashboard/celebrations), and
 * quick links. Each section loads, fails and retries on its own.
 */
export function DashboardPage() {
  const user = useCurrentUser();
  const attendance = useDashboardAttendance();
  const a = attendance.data;
  const year = a?.year ?? new Date().getFullYear();
  const attendanceError = attendance.isError && !a ? attendance.error : null;
  const retry = () => void attendance.refetch();

  return (
    <>
      <PageHeader title={`Welcome${user.firstName ? `, ${user.firstName}` : ''}`} subtitle={user.churchName} />
      <DashboardStats />
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={12}>
          <CountChartCard
            title="Event Attendance"
            seriesName="Attendance"
            unit="People checked in"
            color="#3b5bdb"
            emptyText={`No attendance recorded in ${year}`}
            weekly={a?.eventAttendanceChartDataWeekly}
            monthly={a?.eventAttendanceChartDataMonthly}
            loading={attendance.isPending}
            error={attendanceError}
            onRetry={retry}
          />
        </Col>
        <Col xs={24} xl={12}>
          <CountChartCard
            title="First Timer Inflow"
            seriesName="First Timers"
            unit="First timers"
            color="#12b886"
            emptyText={`No first timers recorded in ${year}`}
            weekly={a?.firstTimerSummary.firstTimerWeekly}
            monthly={a?.firstTimerSummary.firstTimerMonthly}
            loading={attendance.isPending}
            error={attendanceError}
            onRetry={retry}
          />
        </Col>
        <Col xs={24}>
          <CelebrationsCard />
        </Col>
        <Col xs={24}>
          <QuickLinks />
        </Col>
      </Row>
    </>
  );
}
