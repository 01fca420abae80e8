import { MemberSearchSelect } from '../../components/member-search-select.tsx';
import type { LineDonor } from './split-model.ts';

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
  return (
    <MemberSearchSelect<LineDonor>
      id={id}
      aria-label={label}
      placeholder="Optional donor"
      allowClear
      value={value ? [value] : []}
      onChange={(donors) => onChange(donors[0] ?? null)}
      toPicked={(m, name) => ({ id: m.id, name })}
    />
  );
}
