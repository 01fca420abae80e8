import { MESSAGES } from '@steward/contracts/messages';
import type { TMemberSummary } from '@steward/contracts/people';
import { useQuery } from '@tanstack/react-query';
import { Flex, Select, Spin, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { searchMembers } from '../../api/people.ts';
import { memberKeys } from '../../api/query-keys.ts';
import type { ContactChannel } from './contacts-file.ts';
import type { PickedPerson } from './compose-model.ts';

const MIN_SEARCH = 3;
const DEBOUNCE_MS = 350;

function memberName(m: TMemberSummary): string {
  return m.name || m.nameResult || `${m.firstName} ${m.lastName}`.trim();
}

interface PersonPickerProps {
  channel: ContactChannel;
  value: PickedPerson[];
  onChange: (people: PickedPerson[]) => void;
  id?: string;
}

/**
 * 'Select person from membership database' (giving spec 2.22; existing-client-api §6.6
 * `searchMemberDB`): a multiple select searching GET /api/Membership/GetSearchedUSers?searchText=
 * from 3 characters on. Each person shows the number (SMS) or address (e-mail) the message goes
 * to; a member without one is flagged, since the message cannot reach them (the report lists them
 * as failed).
 */
export function PersonPicker({ channel, value, onChange, id }: PersonPickerProps) {
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setDebounced(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);
  const enabled = debounced.length >= MIN_SEARCH;
  const results = useQuery({
    queryKey: memberKeys.search(debounced),
    queryFn: ({ signal }) => searchMembers(debounced, signal),
    enabled,
  });

  const found: PickedPerson[] = enabled
    ? (results.data ?? []).map((m) => ({
        id: m.id,
        name: memberName(m),
        address: channel === 'sms' ? m.phone : m.email,
      }))
    : [];
  const known = new Map([...value, ...found].map((p) => [p.id, p]));
  const options = [...value, ...found.filter((p) => !value.some((v) => v.id === p.id))].map((p) => ({
    value: p.id,
    label: p.name,
    title: p.name,
    address: p.address,
  }));
  const none = channel === 'sms' ? 'no phone number' : 'no e-mail address';

  let notFound: ReactNode = 'No member found';
  if (text.trim().length < MIN_SEARCH) notFound = MESSAGES.donorSearchTooShort;
  else if (!enabled || results.isFetching) notFound = <Spin size="small" />;
  else if (results.isError) notFound = 'The search failed, please try again';
  const missing = value.filter((p) => !p.address);

  return (
    <>
      <Select<string[]>
        id={id}
        mode="multiple"
        placeholder="Search members by name (3 or more characters)"
        value={value.map((p) => p.id)}
        options={options}
        showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
        notFoundContent={notFound}
        optionRender={(o) => (
          <Flex justify="space-between" gap={8} wrap>
            <span>{o.data.label}</span>
            <Typography.Text type={o.data.address ? 'secondary' : 'warning'} style={{ fontSize: 12 }}>
              {o.data.address || none}
            </Typography.Text>
          </Flex>
        )}
        onChange={(ids) => {
          setText('');
          onChange(ids.map((i) => known.get(i)).filter((p): p is PickedPerson => p !== undefined));
        }}
        style={{ width: '100%' }}
      />
      {missing.length > 0 ? (
        <Typography.Text type="warning" style={{ display: 'block', marginTop: 4, fontSize: 12 }}>
          {missing.map((p) => p.name).join(', ')} {missing.length === 1 ? 'has' : 'have'} {none}: the message cannot
          reach {missing.length === 1 ? 'them' : 'these members'}.
        </Typography.Text>
      ) : null}
    </>
  );
}
