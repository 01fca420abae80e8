import { MESSAGES } from '@steward/contracts/messages';
import type { TMemberSummary } from '@steward/contracts/people';
import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { searchMembers } from '../../api/people.ts';
import { memberKeys } from '../../api/query-keys.ts';
import type { LineDonor } from './split-model.ts';

const MIN_SEARCH = 3;
const DEBOUNCE_MS = 350;

function memberName(m: TMemberSummary): string {
  return m.name || m.nameResult || `${m.firstName} ${m.lastName}`.trim();
}

interface DonorSelectProps {
  id?: string;
  label: string;
  value: LineDonor | null;
  onChange: (donor: LineDonor | null) => void;
}

/**
 * The optional donor of a split line (spec 2.8): a searchable member picker that searches
 * GET /api/Membership/GetSearchedUSers from 3 characters on ('Enter 3 or more characters').
 */
export function DonorSelect({ id, label, value, onChange }: DonorSelectProps) {
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

  const found = enabled ? (results.data ?? []).map((m) => ({ value: m.id, label: memberName(m) })) : [];
  const options =
    value && !found.some((o) => o.value === value.id) ? [{ value: value.id, label: value.name }, ...found] : found;

  let notFound: ReactNode = 'No member found';
  if (text.trim().length < MIN_SEARCH) notFound = MESSAGES.donorSearchTooShort;
  else if (!enabled || results.isFetching) notFound = <Spin size="small" />;
  else if (results.isError) notFound = 'The search failed, please try again';

  return (
    <Select<string>
      id={id}
      aria-label={label}
      placeholder="Optional donor"
      allowClear
      value={value?.id}
      options={options}
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      notFoundContent={notFound}
      onChange={(v, option) => {
        setText('');
        if (!v) return onChange(null);
        const picked = Array.isArray(option) ? option[0] : option;
        onChange({ id: v, name: typeof picked?.label === 'string' ? picked.label : value?.name || 'Donor' });
      }}
      style={{ width: '100%' }}
    />
  );
}
