import { CalendarOutlined } from '@ant-design/icons';
import type { TUpcomingCheckinEvent } from '@steward/contracts/families';
import { Button, Typography } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { SHELL_PATHS } from './shell-context.ts';
import { eventDay } from './shell-model.ts';
import { SHELL_TEXTS as T } from './texts.ts';

/**
 * An upcoming event in the shell's lists: its banner (or a calendar picture), name, day and the
 * 'Check in children' button that opens the event page.
 */
export function EventCard({ event }: { event: TUpcomingCheckinEvent }) {
  const navigate = useNavigate();
  const today = dayjs().format('YYYY-MM-DD');
  return (
    <article className="cs-event" aria-label={event.name}>
      <div className="cs-event-banner" aria-hidden>
        {event.eventBanner ? <img src={event.eventBanner} alt="" /> : <CalendarOutlined />}
      </div>
      <div className="cs-event-body">
        <Typography.Title level={3} className="cs-event-name">
          {event.name}
        </Typography.Title>
        <Typography.Text type="secondary">{eventDay(event.date, today)}</Typography.Text>
      </div>
      <Button
        type="primary"
        className="cs-event-action"
        onClick={() => void navigate(SHELL_PATHS.event(event.activityID))}
        aria-label={`${T.checkInChildren}: ${event.name}`}
      >
        {T.checkInChildren}
      </Button>
    </article>
  );
}
