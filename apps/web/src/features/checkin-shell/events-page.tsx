import { useQuery } from '@tanstack/react-query';
import { familyKeys, getUpcomingCheckinEvents } from '../../api/family.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { EventCard } from './event-card.tsx';
import { Loading, LoadError } from './states.tsx';
import { SHELL_TEXTS as T } from './texts.ts';

/**
 * /checkin/upcomingevents (existing-client-api §1.6 'UpcomingEvents', §4.4): the events from
 * today on that children can be checked in for (GET upcomingCheckinEvents), soonest first, each
 * with 'Check in children'.
 */
export function UpcomingEventsPage() {
  const upcoming = useQuery({ queryKey: familyKeys.upcoming(), queryFn: getUpcomingCheckinEvents });
  return (
    <>
      <PageHeader title={T.eventsTitle} subtitle={T.eventsSubtitle} />
      {upcoming.isPending ? (
        <Loading rows={6} />
      ) : upcoming.isError ? (
        <LoadError error={upcoming.error} onRetry={() => void upcoming.refetch()} />
      ) : upcoming.data.length === 0 ? (
        <EmptyState description={T.noEvents} />
      ) : (
        <div className="cs-events">
          {upcoming.data.map((e) => (
            <EventCard key={e.activityID} event={e} />
          ))}
        </div>
      )}
    </>
  );
}
