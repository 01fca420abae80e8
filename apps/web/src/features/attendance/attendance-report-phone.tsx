import type { TAttendancePerson } from '@steward/contracts/attendance-marking';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { markingKeys, revealPhone } from '../../api/attendance-marking.ts';
import { failureText } from './attendance-report-actions.ts';
import { readRevealAnswer } from './attendance-report-model.ts';

/**
 * A person's phone in the report: masked ('*******4567', as the server sends it) with a 'Reveal'
 * button that asks revealParentNumber for the number (existing-client-api §4.1, §7(b) 5) and then
 * shows it as a call link; a text answer (no number on record) is shown as it is. '—' for a
 * person without a phone. `compact`: the phone layout's smaller line.
 */
export function PhoneCell({ person, compact }: { person: TAttendancePerson; compact?: boolean }) {
  const [asked, setAsked] = useState(false);
  const reveal = useQuery({
    queryKey: markingKeys.phone(person.personID),
    queryFn: () => revealPhone(person.personID),
    enabled: asked,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
  const size = compact ? 12 : 14;
  if (!person.hasPhone) return compact ? null : <span>—</span>;
  if (asked && reveal.data !== undefined) {
    const answer = readRevealAnswer(reveal.data);
    return 'phone' in answer ? (
      <Typography.Link
        href={`tel:${answer.phone.replace(/[\s-]/g, '')}`}
        style={{ fontSize: size, whiteSpace: 'nowrap' }}
      >
        {answer.phone}
      </Typography.Link>
    ) : (
      <Typography.Text type="secondary" style={{ fontSize: size }}>
        {answer.message}
      </Typography.Text>
    );
  }
  return (
    <Flex gap={4} align="center" wrap={false} data-row-action>
      <span style={{ fontSize: size, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {person.maskedPhone}
      </span>
      <Button
        type="link"
        size="small"
        loading={reveal.isFetching}
        aria-label={`Reveal the phone number of ${person.name}`}
        onClick={() => (reveal.isError ? void reveal.refetch() : setAsked(true))}
        style={{ paddingInline: 4, fontSize: size }}
      >
        Reveal
      </Button>
      {reveal.isError ? (
        <Typography.Text type="danger" role="alert" style={{ fontSize: 12 }}>
          {failureText(reveal.error)}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
