import { ArrowLeftOutlined } from '@ant-design/icons';
import type { TFamilyDetail, TUpcomingCheckinEvent } from '@steward/contracts/families';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Flex, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { familyKeys, getCheckinEventGroups, getUpcomingCheckinEvents, registerChildren } from '../../api/family.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ConfirmChildren } from '../child-checkin/confirm-children.tsx';
import { PersonPhoto } from './photo.tsx';
import { SHELL_PATHS, useFamilyShell } from './shell-context.ts';
import {
  bringersOf,
  childrenOf,
  choiceProblems,
  errorText,
  eventDay,
  fullName,
  initialChoices,
  registerBody,
  setupLabel,
  setupsOf,
  type ChildChoice,
  type EventSetup,
} from './shell-model.ts';
import { Loading, LoadError } from './states.tsx';
import { SHELL_TEXTS as T } from './texts.ts';
import type { ThankYouState } from './thank-you-page.tsx';
import { useMyFamily } from './use-family.ts';

/**
 * The children of the family with a tick and a room each, who brings them, and the confirm
 * button (RegisterChildren → the thank-you page with the code). A child already checked in for
 * this check-in shows its room; confirming again keeps the family's code (and moves the child if
 * another room was chosen).
 */
function ChildrenForm({
  event,
  family,
  setup,
}: {
  event: TUpcomingCheckinEvent;
  family: TFamilyDetail;
  setup: EventSetup;
}) {
  const { session } = useFamilyShell();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = useId();
  const children = childrenOf(family);
  const bringers = bringersOf(family);
  const [choices, setChoices] = useState<Record<string, ChildChoice>>(() => initialChoices(children, setup));
  const [bringer, setBringer] = useState<string | null>(
    () => bringers.find((b) => b.id === session.personId)?.id ?? bringers[0]?.id ?? null,
  );
  const [showErrors, setShowErrors] = useState(false);
  const problems = choiceProblems(choices);
  const ticked = Object.values(choices).filter((c) => c.ticked).length;
  const today = dayjs().format('YYYY-MM-DD');

  const register = useMutation({
    mutationFn: () => registerChildren(registerBody(event.activityID, setup.id, choices, bringer)),
    onSuccess: async (code) => {
      const state: ThankYouState = {
        eventName: event.name,
        eventDay: eventDay(event.date, today),
        children: children
          .filter((c) => choices[c.person.id]?.ticked)
          .map((c) => ({
            name: fullName(c.person),
            room: setup.rooms.find((r) => r.id === choices[c.person.id]!.roomId)?.name ?? '',
          })),
      };
      void queryClient.invalidateQueries({ queryKey: familyKeys.all, refetchType: 'none' });
      await navigate(SHELL_PATHS.thankYou(code), { state });
    },
  });

  const set = (personId: string, patch: Partial<ChildChoice>) =>
    setChoices((all) => ({ ...all, [personId]: { ...all[personId]!, ...patch } }));

  const confirm = () => {
    if (problems.none || problems.missingRoom.length > 0) {
      setShowErrors(true);
      return;
    }
    register.mutate();
  };

  if (children.length === 0)
    return (
      <EmptyState description={T.noChildren}>
        <Button type="primary" onClick={() => void navigate(SHELL_PATHS.family)}>
          {T.goToFamily}
        </Button>
      </EmptyState>
    );

  return (
    <Flex vertical gap={16}>
      {bringers.length > 0 ? (
        <Flex vertical gap={4}>
          <Typography.Text strong id={`${ids}-by`}>
            {T.broughtBy}
          </Typography.Text>
          <Select
            aria-labelledby={`${ids}-by`}
            size="large"
            value={bringer ?? undefined}
            onChange={(v: string) => setBringer(v)}
            options={bringers.map((b) => ({ value: b.id, label: b.label }))}
            className="cs-select"
            disabled={register.isPending}
          />
        </Flex>
      ) : null}
      <Flex vertical gap={8} role="group" aria-labelledby={`${ids}-children`}>
        <Typography.Text strong id={`${ids}-children`}>
          {T.children}
        </Typography.Text>
        {children.map((c) => {
          const name = fullName(c.person);
          const choice = choices[c.person.id]!;
          const rec = setup.recorded.get(c.person.id);
          const missingRoom = showErrors && choice.ticked && !choice.roomId;
          return (
            <div key={c.id} className={`cs-child${choice.ticked ? ' cs-child-on' : ''}`} data-testid="event-child">
              <div className="cs-child-who">
                <Checkbox
                  checked={choice.ticked}
                  disabled={register.isPending}
                  onChange={(e) => set(c.person.id, { ticked: e.target.checked })}
                >
                  <Flex align="center" gap={10}>
                    <PersonPhoto url={c.person.pictureUrl} name={name} size={40} />
                    <span className="cs-child-name">{name}</span>
                  </Flex>
                </Checkbox>
                {rec ? (
                  <Tag color={rec.isActive ? 'green' : 'default'}>
                    {rec.isActive ? T.registeredIn(rec.roomName) : T.checkedOut}
                  </Tag>
                ) : null}
              </div>
              <Flex vertical gap={2} className="cs-child-room">
                <Select
                  aria-label={`${T.room} for ${name}`}
                  size="large"
                  placeholder={T.chooseRoomPlaceholder}
                  value={choice.roomId ?? undefined}
                  status={missingRoom ? 'error' : undefined}
                  disabled={!choice.ticked || register.isPending}
                  onChange={(v: string) => set(c.person.id, { roomId: v })}
                  options={setup.rooms.map((r) => ({ value: r.id, label: r.name }))}
                />
                {missingRoom ? (
                  <Typography.Text type="danger" role="alert">
                    {T.chooseRoom}
                  </Typography.Text>
                ) : null}
              </Flex>
            </div>
          );
        })}
      </Flex>
      <ConfirmChildren
        showNone={showErrors && problems.none}
        noneText={T.tickChildren}
        error={register.isError ? errorText(register.error) : null}
        ticked={ticked}
        label={T.confirm(ticked)}
        pending={register.isPending}
        className="cs-confirm"
        onConfirm={confirm}
      />
    </Flex>
  );
}

/**
 * /checkin/checkinevent/:eventId (existing-client-api §1.6 'CheckinEvent', §4.4): the parent
 * pre-checks children in for an upcoming event. The event comes from upcomingCheckinEvents
 * (an event not there is not open for check-in), its rooms from checkinevents; when the event has
 * several check-ins, the parent chooses one (by its rooms).
 */
export function CheckinEventPage() {
  const { eventId = '' } = useParams();
  const ids = useId();
  const upcoming = useQuery({ queryKey: familyKeys.upcoming(), queryFn: getUpcomingCheckinEvents });
  const event = upcoming.data?.find((e) => e.activityID.toLowerCase() === eventId.toLowerCase());
  const groups = useQuery({
    queryKey: familyKeys.eventGroups(eventId),
    queryFn: () => getCheckinEventGroups(eventId),
    enabled: Boolean(event),
  });
  const family = useMyFamily();
  const [setupId, setSetupId] = useState<string | null>(null);

  const setups = groups.data ? setupsOf(groups.data) : [];
  const setup =
    setups.find((s) => s.id === setupId) ??
    setups.find((s) => s.id === event?.checkInAttendanceId) ??
    setups[0] ??
    null;
  const today = dayjs().format('YYYY-MM-DD');
  const back = (
    <Link to={SHELL_PATHS.events} className="cs-back">
      <ArrowLeftOutlined aria-hidden /> {T.allEvents}
    </Link>
  );

  const failed = [upcoming, family].find((q) => q.isError) ?? (groups.isError && event ? groups : undefined);
  if (failed)
    return (
      <>
        {back}
        <LoadError error={failed.error} onRetry={() => void failed.refetch()} />
      </>
    );
  if (upcoming.isPending || family.isPending || (event && groups.isPending))
    return (
      <>
        {back}
        <Loading rows={6} />
      </>
    );
  if (!event || !setup || !family.data)
    return (
      <>
        {back}
        <PageHeader title={T.checkInChildren} />
        <Alert type="info" showIcon title={T.eventNotOpen} />
      </>
    );

  return (
    <>
      {back}
      <PageHeader title={event.name} subtitle={eventDay(event.date, today)} />
      <Card className="cs-card cs-event-form">
        {event.eventBanner ? <img src={event.eventBanner} alt="" className="cs-event-hero" /> : null}
        {setups.length > 1 ? (
          <Flex vertical gap={4} className="cs-gap-bottom">
            <Typography.Text strong id={`${ids}-setup`}>
              {T.checkin}
            </Typography.Text>
            <Select
              aria-labelledby={`${ids}-setup`}
              size="large"
              value={setup.id}
              onChange={(v: string) => setSetupId(v)}
              options={setups.map((s) => ({ value: s.id, label: setupLabel(s) }))}
              className="cs-select"
            />
          </Flex>
        ) : null}
        <ChildrenForm key={setup.id} event={event} family={family.data} setup={setup} />
      </Card>
    </>
  );
}
