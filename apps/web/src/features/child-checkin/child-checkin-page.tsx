import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Select, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { childCheckinKeys, getCheckinEvents } from '../../api/child-checkin.ts';
import { formatDate } from '../../components/dates.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { errorMessage, eventLabel } from './checkin-model.ts';
import { CheckinPanel } from './checkin-panel.tsx';
import { CheckoutPanel } from './checkout-panel.tsx';
import { CHILD_CHECKIN_TEXTS as T } from './child-checkin-texts.ts';
import './child-checkin.css';

/** Where a kiosk remembers its event between reloads. */
const EVENT_KEY = 'steward.childcheckin.event';

function rememberedEvent(): string | null {
  try {
    return localStorage.getItem(EVENT_KEY);
  } catch {
    return null;
  }
}

/**
 * /tenant/childcheckin (issue 11 'Child check-in, for real'; spec 2.15): the door's screen for a
 * volunteer or a kiosk, on a desktop, a tablet or a phone. Pick the event (today's set-ups first;
 * the choice is remembered on this device), then 'Check in' (find a family by phone, tick the
 * children present, a room each, confirm → the labels page) or 'Check out' (type or scan the
 * code; the children it matches; check out one or all). `?tab=checkout` opens the second tab.
 */
export function ChildCheckinPage() {
  const today = dayjs().format('YYYY-MM-DD');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'checkout' ? 'checkout' : 'checkin';
  const events = useQuery({ queryKey: childCheckinKeys.events(today), queryFn: () => getCheckinEvents(today) });
  const [eventId, setEventId] = useState<string | null>(rememberedEvent);

  const list = events.data ?? [];
  const event = list.find((e) => e.checkInAttendanceId === eventId) ?? list[0] ?? null;
  useEffect(() => {
    if (!event) return;
    try {
      localStorage.setItem(EVENT_KEY, event.checkInAttendanceId);
    } catch {
      // private browsing: the choice is not remembered
    }
  }, [event]);

  const header = <PageHeader title={T.title} subtitle={T.subtitle} />;
  let body: ReactNode;
  if (events.isPending) body = <PageSkeleton rows={4} />;
  else if (events.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={errorMessage(events.error)}
        action={<Button onClick={() => void events.refetch()}>Try again</Button>}
      />
    );
  else if (!event)
    body = (
      <EmptyState description={T.noEvents}>
        <Link to="/tenant/attendancecheckin">{T.setUpLink}</Link>
      </EmptyState>
    );
  else
    body = (
      <>
        <Flex vertical gap={4} className="cc-event-picker">
          <Typography.Text strong id="cc-event-label">
            {T.eventLabel}
          </Typography.Text>
          <Select
            aria-labelledby="cc-event-label"
            size="large"
            value={event.checkInAttendanceId}
            onChange={setEventId}
            placeholder={T.eventPlaceholder}
            options={list.map((e) => ({ value: e.checkInAttendanceId, label: eventLabel(e, formatDate) }))}
            style={{ width: '100%', maxWidth: 520 }}
          />
        </Flex>
        <Tabs
          size="large"
          activeKey={tab}
          onChange={(key) => setParams(key === 'checkout' ? { tab: 'checkout' } : {}, { replace: true })}
          items={[
            {
              key: 'checkin',
              label: T.checkInTab,
              children: <CheckinPanel key={event.checkInAttendanceId} event={event} />,
            },
            {
              key: 'checkout',
              label: T.checkOutTab,
              children: <CheckoutPanel key={event.checkInAttendanceId} event={event} />,
            },
          ]}
        />
      </>
    );
  return (
    <div className="cc-page">
      {header}
      {body}
    </div>
  );
}
