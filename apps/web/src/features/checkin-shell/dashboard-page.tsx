import { CheckCircleOutlined, CloseCircleOutlined, ScheduleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { familyKeys, getFamilyAttendanceRecord, getUpcomingCheckinEvents } from '../../api/family.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { EventCard } from './event-card.tsx';
import { PersonPhoto } from './photo.tsx';
import { SHELL_PATHS, useFamilyShell } from './shell-context.ts';
import { childrenOf, fullName, parentOf } from './shell-model.ts';
import { Loading, LoadError } from './states.tsx';
import { SHELL_TEXTS as T } from './texts.ts';
import { useMyFamily } from './use-family.ts';

/** How many upcoming events the dashboard shows (the Events page lists them all). */
const DASHBOARD_EVENTS = 3;

function Stat({ label, value, icon, tone }: { label: string; value: number; icon: ReactNode; tone: string }) {
  return (
    <Card className={`cs-stat cs-stat-${tone}`} size="small">
      <Flex align="center" gap={14}>
        <span className="cs-stat-icon" aria-hidden>
          {icon}
        </span>
        <div>
          <div className="cs-stat-value" data-testid={`stat-${tone}`}>
            {value}
          </div>
          <div className="cs-stat-label">{label}</div>
        </div>
      </Flex>
    </Card>
  );
}

/**
 * /checkin (existing-client-api §1.6 'CheckinDashboard', §4.4): the parent's welcome, the family's
 * events attended / registered / missed (FamilyAttendanceRecord), the next upcoming events with
 * 'Check in children', and the children at a glance. Each part loads and fails on its own.
 */
export function CheckinDashboardPage() {
  const { session } = useFamilyShell();
  const navigate = useNavigate();
  const family = useMyFamily();
  const familyId = family.data?.id;
  const record = useQuery({
    queryKey: familyKeys.attendance(familyId ?? ''),
    queryFn: () => getFamilyAttendanceRecord(familyId!),
    enabled: Boolean(familyId),
  });
  const upcoming = useQuery({ queryKey: familyKeys.upcoming(), queryFn: getUpcomingCheckinEvents });

  const me = family.data ? parentOf(family.data, session.personId) : null;
  const children = family.data ? childrenOf(family.data) : [];

  return (
    <>
      <PageHeader title={me ? T.welcome(me.firstName) : T.menuDashboard} subtitle={family.data?.familyName} />
      {family.isError ? (
        <LoadError error={family.error} onRetry={() => void family.refetch()} />
      ) : record.isError ? (
        <LoadError error={record.error} onRetry={() => void record.refetch()} />
      ) : !record.data ? (
        <Loading rows={2} />
      ) : (
        <div className="cs-stats">
          <Stat
            label={T.attended}
            value={record.data.allAttendedEvents}
            icon={<CheckCircleOutlined />}
            tone="attended"
          />
          <Stat
            label={T.registered}
            value={record.data.allRegisteredEvents}
            icon={<ScheduleOutlined />}
            tone="registered"
          />
          <Stat label={T.missed} value={record.data.totalAbsent} icon={<CloseCircleOutlined />} tone="missed" />
        </div>
      )}

      <section className="cs-section" aria-labelledby="cs-upcoming">
        <Flex justify="space-between" align="baseline" wrap gap={8}>
          <Typography.Title level={2} id="cs-upcoming" className="cs-section-title">
            {T.upcomingEvents}
          </Typography.Title>
          <Link to={SHELL_PATHS.events}>{T.seeAllEvents}</Link>
        </Flex>
        {upcoming.isPending ? (
          <Loading rows={3} />
        ) : upcoming.isError ? (
          <LoadError error={upcoming.error} onRetry={() => void upcoming.refetch()} />
        ) : upcoming.data.length === 0 ? (
          <EmptyState description={T.noEvents} />
        ) : (
          <div className="cs-events">
            {upcoming.data.slice(0, DASHBOARD_EVENTS).map((e) => (
              <EventCard key={e.activityID} event={e} />
            ))}
          </div>
        )}
      </section>

      <section className="cs-section" aria-labelledby="cs-family">
        <Flex justify="space-between" align="baseline" wrap gap={8}>
          <Typography.Title level={2} id="cs-family" className="cs-section-title">
            {T.yourFamily}
          </Typography.Title>
          <Link to={SHELL_PATHS.family}>{T.manageFamily}</Link>
        </Flex>
        {family.isPending ? (
          <Loading rows={1} />
        ) : family.isError ? null : children.length === 0 ? (
          <EmptyState description={T.noChildrenYet}>
            <Button type="primary" onClick={() => void navigate(SHELL_PATHS.family)}>
              {T.addChildren}
            </Button>
          </EmptyState>
        ) : (
          <ul className="cs-chips">
            {children.map((c) => (
              <li key={c.id} className="cs-chip">
                <PersonPhoto url={c.person.pictureUrl} name={fullName(c.person)} size={36} />
                <span>{fullName(c.person)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
