import type { TChildCheckinEvent, TChildCheckinFamily, TChildCheckinMember } from '@steward/contracts/child-checkin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Card, Checkbox, Flex, Input, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { checkInChildren, childCheckinKeys } from '../../api/child-checkin.ts';
import { useToast } from '../../components/use-toast.ts';
import {
  checkinRequest,
  choiceProblems,
  defaultBroughtBy,
  errorMessage,
  initialChoices,
  isPresent,
  type ChildChoice,
} from './checkin-model.ts';
import { CHILD_CHECKIN_TEXTS as T } from './child-checkin-texts.ts';
import { labelsPath } from './child-checkin-links.ts';
import { ConfirmChildren } from './confirm-children.tsx';

interface Props {
  family: TChildCheckinFamily;
  event: TChildCheckinEvent;
  /** what was searched for: the adult with that phone is who brought the children by default */
  search: string;
  /** after a check-in (the screen then shows the labels) */
  onDone: () => void;
}

const fullName = (m: TChildCheckinMember) => `${m.firstName} ${m.lastName}`.trim();

/**
 * One family found at the door: who brought the children, each child with a tick, a room and the
 * allergies / notes line printed on the label (children already in show their room and 'Reprint
 * labels' instead of a tick), and the confirm button. Confirming checks the ticked children in
 * under one security code and opens the labels page.
 */
export function FamilyCheckinCard({ family, event, search, onDone }: Props) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [choices, setChoices] = useState<Record<string, ChildChoice>>(() => initialChoices(family, event));
  const [broughtBy, setBroughtBy] = useState<string | null>(() => defaultBroughtBy(family, search));
  const [showErrors, setShowErrors] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const children = family.members.filter((m) => m.isChild);
  const adults = family.members.filter((m) => !m.isChild);
  const problems = choiceProblems(choices);
  const ticked = Object.values(choices).filter((c) => c.ticked).length;

  const checkIn = useMutation({
    mutationFn: () => checkInChildren(checkinRequest(event, family, choices, broughtBy)),
    onSuccess: async (res) => {
      const labels = res.returnObject;
      queryClient.setQueryData(childCheckinKeys.labels(labels.childCheckinId), labels);
      toast.success(T.checkedIn(labels.securityCode));
      onDone();
      await navigate(labelsPath(labels.childCheckinId));
      void queryClient.invalidateQueries({ queryKey: childCheckinKeys.all, refetchType: 'none' });
    },
    onError: (err) => setProblem(errorMessage(err)),
  });

  const set = (personId: string, patch: Partial<ChildChoice>) =>
    setChoices((all) => ({ ...all, [personId]: { ...all[personId]!, ...patch } }));

  const confirm = () => {
    setProblem(null);
    if (problems.none || problems.missingRoom.length > 0) {
      setShowErrors(true);
      return;
    }
    checkIn.mutate();
  };

  return (
    <Card
      className="cc-family"
      title={
        <Flex vertical gap={0}>
          <span className="cc-family-name">{family.familyName}</span>
          {family.homePhone ? (
            <Typography.Text type="secondary" className="cc-family-phone">
              {family.homePhone}
            </Typography.Text>
          ) : null}
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        <Flex vertical gap={4}>
          <Typography.Text strong id={`cc-by-${family.familyId}`}>
            {T.broughtBy}
          </Typography.Text>
          <Select
            aria-labelledby={`cc-by-${family.familyId}`}
            size="large"
            value={broughtBy ?? ''}
            onChange={(v) => setBroughtBy(v === '' ? null : v)}
            options={[
              ...adults.map((m) => ({ value: m.personId, label: `${fullName(m)} (${m.familyRole})` })),
              { value: '', label: T.broughtByNone },
            ]}
            style={{ width: '100%', maxWidth: 420 }}
          />
        </Flex>
        <Flex vertical gap={8} role="group" aria-label={`${T.children} of ${family.familyName}`}>
          <Typography.Text strong>{T.children}</Typography.Text>
          {children.length === 0 ? <Typography.Text type="secondary">{T.noChildren}</Typography.Text> : null}
          {children.map((m) => {
            const c = choices[m.personId]!;
            const present = isPresent(m);
            const missingRoom = showErrors && c.ticked && !c.roomId;
            return (
              <div key={m.personId} className={`cc-child${c.ticked ? ' cc-child-on' : ''}`}>
                <div className="cc-child-who">
                  <Checkbox
                    checked={c.ticked}
                    disabled={present || checkIn.isPending}
                    onChange={(e) => set(m.personId, { ticked: e.target.checked })}
                  >
                    <span className="cc-child-name">{fullName(m)}</span>
                  </Checkbox>
                  <Flex gap={4} wrap className="cc-child-tags">
                    <Tag>{m.familyRole}</Tag>
                    {present ? <Tag color="green">{T.alreadyIn(m.status?.roomName ?? null)}</Tag> : null}
                    {m.status && m.status.checkedInAt === null ? <Tag color="blue">{T.preChecked}</Tag> : null}
                    {present && m.status?.childCheckinId ? (
                      <Link to={labelsPath(m.status.childCheckinId)}>{T.reprint}</Link>
                    ) : null}
                  </Flex>
                </div>
                {present ? null : (
                  <div className="cc-child-fields">
                    <Flex vertical gap={2} className="cc-child-room">
                      <Select
                        aria-label={`${T.room} for ${fullName(m)}`}
                        size="large"
                        placeholder={T.roomPlaceholder}
                        value={c.roomId ?? undefined}
                        status={missingRoom ? 'error' : undefined}
                        disabled={!c.ticked || checkIn.isPending}
                        onChange={(v: string) => set(m.personId, { roomId: v })}
                        options={event.rooms.map((r) => ({ value: r.id, label: r.name }))}
                      />
                      {missingRoom ? (
                        <Typography.Text type="danger" role="alert">
                          {T.chooseRoom}
                        </Typography.Text>
                      ) : null}
                    </Flex>
                    <Input
                      size="large"
                      className="cc-child-notes"
                      aria-label={`${T.careNotes} for ${fullName(m)}`}
                      placeholder={T.careNotesPlaceholder}
                      value={c.careNotes}
                      maxLength={300}
                      disabled={!c.ticked || checkIn.isPending}
                      onChange={(e) => set(m.personId, { careNotes: e.target.value })}
                    />
                  </div>
                )}
              </div>
            );
          })}
        </Flex>
        <ConfirmChildren
          showNone={showErrors && problems.none}
          noneText={T.tickChildren}
          error={problem || null}
          ticked={ticked}
          label={T.confirm(ticked)}
          pending={checkIn.isPending}
          className="cc-confirm"
          withButton={children.some((m) => !isPresent(m))}
          onConfirm={confirm}
        />
      </Flex>
    </Card>
  );
}
