import { QrcodeOutlined } from '@ant-design/icons';
import type { TChildCheckinEvent, TChildCheckoutLookup, TChildLabel } from '@steward/contracts/child-checkin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Select, Tag, Typography, type InputRef } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { checkOutChildren, childCheckinKeys, lookupSecurityCode } from '../../api/child-checkin.ts';
import { formatDate } from '../../components/dates.ts';
import { useToast } from '../../components/use-toast.ts';
import { errorMessage } from './checkin-model.ts';
import { CHILD_CHECKIN_TEXTS as T } from './child-checkin-texts.ts';
import { ChildPhoto } from './child-photo.tsx';

interface Found {
  code: string;
  checkin: TChildCheckoutLookup;
}

const childName = (c: TChildLabel) => `${c.firstName} ${c.lastName}`.trim();

/**
 * The 'Check out' tab: the code typed, or scanned from a label's QR code (a scanner types the code
 * and Enter into the focused field), finds the check-in; each child it matches shows as the spec's
 * Print Tag card (church, event and date, photo, name, tag number, QR, parent name and phone) with
 * 'Cancel' and 'Confirm Checkout', and 'Check out all' releases every child still in. A wrong code
 * shows the server's message ('That code does not match …'); the server records the attempt.
 */
export function CheckoutPanel({ event }: { event: TChildCheckinEvent }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const input = useRef<InputRef>(null);
  const [code, setCode] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pickedUpBy, setPickedUpBy] = useState<string | null>(null);

  const reset = () => {
    setFound(null);
    setCode('');
    setProblem(null);
    setPickedUpBy(null);
    input.current?.focus();
  };

  const lookup = useMutation({
    mutationFn: (typed: string) => lookupSecurityCode(typed, event.checkInAttendanceId),
    onMutate: () => {
      setProblem(null);
      setFound(null);
    },
    onSuccess: (res, typed) => {
      setFound({ code: typed, checkin: res.returnObject });
      setPickedUpBy(res.returnObject.checkedInBy?.personId ?? res.returnObject.guardians[0]?.personId ?? null);
    },
    onError: (err) => {
      setProblem(errorMessage(err));
      input.current?.select();
    },
  });

  const checkOut = useMutation({
    mutationFn: (ids: string[]) =>
      checkOutChildren({ code: found!.code, attendanceRecordIds: ids, checkedOutByPersonId: pickedUpBy }),
    onMutate: () => setProblem(null),
    onSuccess: (res) => {
      const out = new Map(res.returnObject.checkedOut.map((c) => [c.attendanceRecordId, c.checkedOutAt]));
      setFound((f) =>
        f
          ? {
              ...f,
              checkin: {
                ...f.checkin,
                children: f.checkin.children.map((c) =>
                  out.has(c.attendanceRecordId) ? { ...c, checkedOutAt: out.get(c.attendanceRecordId)! } : c,
                ),
              },
            }
          : f,
      );
      const names = res.returnObject.checkedOut.map((c) => c.name);
      toast.success(T.checkedOut(names.join(', ')));
      void queryClient.invalidateQueries({ queryKey: childCheckinKeys.all, refetchType: 'none' });
    },
    onError: (err) => setProblem(errorMessage(err)),
  });

  const checkin = found?.checkin;
  const stillIn = checkin?.children.filter((c) => c.checkedOutAt === null) ?? [];
  const parent = checkin?.checkedInBy;

  return (
    <Flex vertical gap={16}>
      <form
        className="cc-search"
        aria-label={T.codeFormLabel}
        onSubmit={(e) => {
          e.preventDefault();
          const typed = code.trim();
          if (typed) lookup.mutate(typed);
        }}
      >
        <Input
          ref={input}
          size="large"
          className="cc-code-input"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder={T.codePlaceholder}
          aria-label={T.codeLabel}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          autoFocus
        />
        <Button size="large" type="primary" htmlType="submit" loading={lookup.isPending} disabled={!code.trim()}>
          {T.findCode}
        </Button>
      </form>
      {problem ? <Alert type="error" showIcon role="alert" title={problem} /> : null}
      {!checkin && !problem ? (
        <Typography.Paragraph type="secondary" className="cc-hint">
          {T.codeHint}
        </Typography.Paragraph>
      ) : null}
      {checkin ? (
        <Flex vertical gap={16} aria-label="Children of this code" role="region">
          <Flex gap={12} wrap align="end">
            <Flex vertical gap={4} style={{ flex: '1 1 240px', maxWidth: 420 }}>
              <Typography.Text strong id="cc-picked-up-by">
                {T.pickedUpBy}
              </Typography.Text>
              <Select
                aria-labelledby="cc-picked-up-by"
                size="large"
                value={pickedUpBy ?? ''}
                onChange={(v) => setPickedUpBy(v === '' ? null : v)}
                options={[
                  ...checkin.guardians.map((g) => ({ value: g.personId, label: `${g.name} (${g.familyRole})` })),
                  { value: '', label: T.broughtByNone },
                ]}
              />
            </Flex>
            {stillIn.length > 1 ? (
              <Button
                size="large"
                type="primary"
                loading={checkOut.isPending}
                onClick={() => checkOut.mutate(stillIn.map((c) => c.attendanceRecordId))}
              >
                {T.checkOutAll}
              </Button>
            ) : null}
          </Flex>
          {stillIn.length === 0 ? <Alert type="success" showIcon title={T.allOut} /> : null}
          <div className="cc-tags">
            {checkin.children.map((c) => (
              <article key={c.attendanceRecordId} className="cc-tag-card" aria-label={`Tag of ${childName(c)}`}>
                <header>
                  <strong>{checkin.churchName}</strong>
                  <span>
                    {checkin.eventName} · {formatDate(checkin.eventDate)}
                  </span>
                </header>
                <Flex gap={12} align="center">
                  <ChildPhoto url={c.pictureUrl} name={childName(c)} size={56} />
                  <div>
                    <div className="cc-tag-name">{childName(c)}</div>
                    {c.room ? <Typography.Text type="secondary">{c.room}</Typography.Text> : null}
                  </div>
                </Flex>
                <Flex justify="space-between" align="center">
                  <span>
                    {T.tagNumber}: <strong className="cc-tag-code">{checkin.securityCode}</strong>
                  </span>
                  <QrcodeOutlined aria-hidden style={{ fontSize: 28 }} />
                </Flex>
                {parent ? (
                  <Typography.Text>
                    {T.parent}: {parent.name}
                    {parent.phone ? ` · ${parent.phone}` : ''}
                  </Typography.Text>
                ) : null}
                {c.checkedOutAt ? (
                  <Tag color="default" className="cc-tag-out">
                    {T.checkedOutAt(dayjs(c.checkedOutAt).format('h:mm A'))}
                  </Tag>
                ) : (
                  <Flex gap={8} justify="end" wrap>
                    <Button onClick={reset}>{T.cancel}</Button>
                    <Button
                      type="primary"
                      loading={
                        checkOut.isPending &&
                        checkOut.variables?.length === 1 &&
                        checkOut.variables[0] === c.attendanceRecordId
                      }
                      disabled={checkOut.isPending}
                      onClick={() => checkOut.mutate([c.attendanceRecordId])}
                      aria-label={`${T.confirmCheckout} for ${childName(c)}`}
                    >
                      {T.confirmCheckout}
                    </Button>
                  </Flex>
                )}
              </article>
            ))}
          </div>
        </Flex>
      ) : null}
    </Flex>
  );
}
