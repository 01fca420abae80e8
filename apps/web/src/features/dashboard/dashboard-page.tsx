import { AppstoreOutlined, PlusCircleOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Card, Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../app/current-user.ts';
import { PageHeader } from '../../components/page-header.tsx';

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

/** /tenant: a welcome and quick links. */
export function DashboardPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={`Welcome${user.firstName ? `, ${user.firstName}` : ''}`}
        subtitle={`${user.churchName} · amounts in ${user.currency}`}
      />
      <nav aria-label="Quick links">
        <Row gutter={[16, 16]}>
          {QUICK_LINKS.map((l) => (
            <Col key={l.to} xs={24} md={8}>
              <Card
                hoverable
                role="link"
                tabIndex={0}
                aria-label={l.title}
                onClick={() => void navigate(l.to)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') void navigate(l.to);
                }}
              >
                <div style={{ fontSize: 24, color: '#3b5bdb', marginBottom: 8 }}>{l.icon}</div>
                <Typography.Title level={2} style={{ fontSize: 17, margin: 0 }}>
                  {l.title}
                </Typography.Title>
                <Typography.Text type="secondary">{l.text}</Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
      </nav>
    </>
  );
}
