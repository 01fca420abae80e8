import type { TChildCheckinEvent } from '@steward/contracts/child-checkin';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { childCheckinKeys, findCheckinFamilies } from '../../api/child-checkin.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { errorMessage } from './checkin-model.ts';
import { CHILD_CHECKIN_TEXTS as T } from './child-checkin-texts.ts';
import { FamilyCheckinCard } from './family-checkin-card.tsx';

/**
 * The 'Check in' tab: search a family by a parent's phone number (or the family name), then one
 * card per family found to tick the children present, give each a room and confirm.
 */
export function CheckinPanel({ event }: { event: TChildCheckinEvent }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const families = useQuery({
    queryKey: childCheckinKeys.families(search, event.checkInAttendanceId),
    queryFn: () => findCheckinFamilies(search, event.checkInAttendanceId),
    enabled: search !== '',
    // a family's status changes at every check-in: never show an old one
    staleTime: 0,
    retry: false,
  });

  let results;
  if (search === '')
    results = (
      <Typography.Paragraph type="secondary" className="cc-hint">
        {T.familyHint}
      </Typography.Paragraph>
    );
  else if (families.isPending) results = <PageSkeleton rows={3} />;
  else if (families.isError)
    results = <Alert type="error" showIcon role="alert" title={errorMessage(families.error)} />;
  else if (families.data.length === 0) results = <EmptyState description={T.noFamily(search)} />;
  else
    results = (
      <Flex vertical gap={16}>
        {families.data.map((f) => (
          <FamilyCheckinCard
            key={f.familyId}
            family={f}
            event={event}
            search={search}
            onDone={() => {
              setText('');
              setSearch('');
            }}
          />
        ))}
      </Flex>
    );

  return (
    <Flex vertical gap={16}>
      <form
        role="search"
        className="cc-search"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(text.trim());
        }}
      >
        <Input
          size="large"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={T.searchPlaceholder}
          aria-label={T.searchLabel}
          autoComplete="off"
          allowClear
          inputMode="search"
        />
        <Button size="large" type="primary" htmlType="submit" disabled={text.trim().length < 2}>
          {T.findFamily}
        </Button>
      </form>
      {results}
    </Flex>
  );
}
