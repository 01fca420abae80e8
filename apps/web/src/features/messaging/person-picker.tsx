import { Typography } from 'antd';
import { MemberSearchSelect } from '../../components/member-search-select.tsx';
import type { ContactChannel } from './contacts-file.ts';
import type { PickedPerson } from './compose-model.ts';

interface PersonPickerProps {
  channel: ContactChannel;
  value: PickedPerson[];
  onChange: (people: PickedPerson[]) => void;
  id?: string;
  /** the id of the element naming the select (its section's title) */
  'aria-labelledby'?: string;
}

/**
 * 'Select person from membership database' (giving spec 2.22; existing-client-api §6.6
 * `searchMemberDB`): a multiple select searching GET /api/Membership/GetSearchedUSers?searchText=
 * from 3 characters on. Each person shows the number (SMS) or address (e-mail) the message goes
 * to; a member without one is flagged, since the message cannot reach them (the report lists them
 * as failed).
 */
export function PersonPicker({ channel, value, onChange, id, 'aria-labelledby': labelledBy }: PersonPickerProps) {
  const none = channel === 'sms' ? 'no phone number' : 'no e-mail address';
  const missing = value.filter((p) => !p.address);

  return (
    <>
      <MemberSearchSelect<PickedPerson>
        id={id}
        aria-labelledby={labelledBy}
        multiple
        placeholder="Search members by name (3 or more characters)"
        value={value}
        onChange={onChange}
        toPicked={(m, name) => ({ id: m.id, name, address: channel === 'sms' ? m.phone : m.email })}
        renderDetail={(p) => (
          <Typography.Text type={p.address ? 'secondary' : 'warning'} style={{ fontSize: 12 }}>
            {p.address || none}
          </Typography.Text>
        )}
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
