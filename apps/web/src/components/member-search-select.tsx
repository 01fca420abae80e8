import { MESSAGES } from '@steward/contracts/messages';
import type { TMemberSummary } from '@steward/contracts/people';
import { useQuery } from '@tanstack/react-query';
import { Flex, Select, Spin } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { searchMembers } from '../api/people.ts';
import { memberKeys } from '../api/query-keys.ts';

/** The member search starts at 3 characters ('Enter 3 or more characters', spec §5, §9). */
export const MEMBER_SEARCH_MIN = 3;
/** How long typing pauses before the search is sent, in ms. */
const DEBOUNCE_MS = 350;

/** A member's name as the pickers show it: the full name, else the search's name, else first and last. */
export function memberName(m: TMemberSummary): string {
  return m.name || m.nameResult || `${m.firstName} ${m.lastName}`.trim();
}

/**
 * Search as you type against GET /api/Membership/GetSearchedUSers?searchText= (existing-client-api
 * §6.6), debounced 350 ms and only from {@link MEMBER_SEARCH_MIN} characters on.
 * @returns `text` and `setText` (what is typed), `found` (the members matching the settled text,
 *   [] below 3 characters) and `notFound`: what an empty list says ('Enter 3 or more characters',
 *   a spinner while searching, 'No member found', or that the search failed).
 */
export function useMemberSearch() {
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setDebounced(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);
  const enabled = debounced.length >= MEMBER_SEARCH_MIN;
  const results = useQuery({
    queryKey: memberKeys.search(debounced),
    queryFn: ({ signal }) => searchMembers(debounced, signal),
    enabled,
  });

  const found: TMemberSummary[] = enabled ? (results.data ?? []) : [];
  let notFound: ReactNode = 'No member found';
  if (text.trim().length < MEMBER_SEARCH_MIN) notFound = MESSAGES.donorSearchTooShort;
  else if (!enabled || results.isFetching) notFound = <Spin size="small" />;
  else if (results.isError) notFound = 'The search failed, please try again';
  return { text, setText, found, notFound };
}

/** What a picker keeps of a member: its id and name, and whatever else the screen needs. */
export interface PickedMember {
  id: string;
  name: string;
}

interface MemberOption<T extends PickedMember> {
  value: string;
  label: string;
  title: string;
  picked: T;
}

interface MemberSearchSelectProps<T extends PickedMember> {
  /** the select's id, so a label points at it */
  id?: string;
  /** accessible name when no label points at it */
  'aria-label'?: string;
  /** the id of the element naming it (a section title) */
  'aria-labelledby'?: string;
  placeholder: string;
  /** several members (tags) rather than one */
  multiple?: boolean;
  /** a clear icon (single select) */
  allowClear?: boolean;
  /** the members chosen (at most one without `multiple`) */
  value: T[];
  /** the members chosen after a pick or a removal, in the select's order */
  onChange: (value: T[]) => void;
  /** what the screen keeps of a member found; `name` is {@link memberName} */
  toPicked: (member: TMemberSummary, name: string) => T;
  /** shown after a member's name in the list (e.g. the number a message goes to) */
  renderDetail?: (picked: T) => ReactNode;
}

/**
 * A searchable member select (a split line's donor, spec 2.8; a message's people, giving spec
 * 2.22): search as you type ({@link useMemberSearch}); the list holds the members found and the
 * ones already chosen, so a choice keeps its name while another search runs. Typed text is
 * cleared after each pick.
 */
export function MemberSearchSelect<T extends PickedMember>({
  id,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  placeholder,
  multiple,
  allowClear,
  value,
  onChange,
  toPicked,
  renderDetail,
}: MemberSearchSelectProps<T>) {
  const { text, setText, found: members, notFound } = useMemberSearch();
  const found = members.map((m) => toPicked(m, memberName(m)));
  const known = new Map([...value, ...found].map((p) => [p.id, p]));
  // the chosen come first: all of them in a multiple select (its tags), else only one the search
  // did not find again
  const chosen = multiple ? value : value.filter((p) => !found.some((f) => f.id === p.id));
  const options: MemberOption<T>[] = [...chosen, ...found.filter((f) => !chosen.some((p) => p.id === f.id))].map(
    (p) => ({
      value: p.id,
      label: p.name,
      title: p.name,
      picked: p,
    }),
  );
  const pick = (ids: string[]) => {
    setText('');
    onChange(ids.map((i) => known.get(i)).filter((p): p is T => p !== undefined));
  };

  return (
    <Select<string | string[], MemberOption<T>>
      id={id}
      aria-label={ariaLabel}
      aria-labelledby={ariaLabelledBy}
      mode={multiple ? 'multiple' : undefined}
      placeholder={placeholder}
      allowClear={allowClear}
      value={multiple ? value.map((p) => p.id) : value[0]?.id}
      options={options}
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      notFoundContent={notFound}
      optionRender={
        renderDetail
          ? (o) => (
              <Flex justify="space-between" gap={8} wrap>
                <span>{o.data.label}</span>
                {renderDetail(o.data.picked)}
              </Flex>
            )
          : undefined
      }
      onChange={(v) => pick(Array.isArray(v) ? v : v ? [v] : [])}
      style={{ width: '100%' }}
    />
  );
}
