import { Card, Checkbox, Flex, Input, Typography } from 'antd';
import type { ReactNode } from 'react';
import { GroupTreePicker } from '../../components/group-tree-picker.tsx';
import type { ContactChannel } from './contacts-file.ts';
import { ContactsUpload } from './contacts-upload.tsx';
import {
  DESTINATION_OPTIONS,
  plural,
  splitTyped,
  unusableTyped,
  type DestinationKind,
  type Destinations,
} from './compose-model.ts';
import { PersonPicker } from './person-picker.tsx';

interface DestinationPickerProps {
  channel: ContactChannel;
  value: Destinations;
  onChange: (next: Destinations) => void;
  /** the problem to show under the options (from the page's check or the server's 400) */
  error?: string | null;
  /** members of the whole church, for 'All contacts' (null while loading) */
  allCount: number | null;
}

/** One chosen destination's panel: a titled card, its heading the option's label. */
function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card size="small" title={<span id={id}>{title}</span>} styles={{ body: { padding: 12 } }}>
      {children}
    </Card>
  );
}

/**
 * The destinations of a message (giving spec 2.22; issue 9 'Composing'): checkboxes for All
 * contacts, a group (the group tree picker, spec 2.21), people from the membership, typed phone
 * numbers or e-mails and, for SMS, an uploaded CSV of contacts. Several may be combined; each
 * checked option opens its panel under the list.
 */
export function DestinationPicker({ channel, value, onChange, error, allCount }: DestinationPickerProps) {
  const set = (patch: Partial<Destinations>) => onChange({ ...value, ...patch });
  const has = (k: DestinationKind) => value.kinds.includes(k);
  const typedCount = splitTyped(value.typed).length;
  const unusable = unusableTyped(channel, value.typed);
  const typedLabel = channel === 'sms' ? 'Phone numbers' : 'Emails';
  const what = channel === 'sms' ? 'phone number' : 'e-mail address';
  const whats = channel === 'sms' ? 'phone numbers' : 'e-mail addresses';

  return (
    <Flex vertical gap={12}>
      <div role="group" aria-labelledby="destinations-label">
        <Typography.Text strong id="destinations-label" style={{ display: 'block', marginBottom: 8 }}>
          Destinations
        </Typography.Text>
        <Checkbox.Group
          value={value.kinds}
          onChange={(kinds) => set({ kinds: kinds as DestinationKind[] })}
          style={{ display: 'flex', flexWrap: 'wrap', gap: '8px 16px' }}
          options={DESTINATION_OPTIONS[channel]}
        />
        {error ? (
          <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 6 }}>
            {error}
          </Typography.Text>
        ) : null}
      </div>

      {has('all') ? (
        <Typography.Text type="secondary" data-testid="all-contacts-note">
          All contacts: every member of the church
          {allCount === null ? '' : ` (${plural(allCount, 'member')})`}. Groups and people chosen below are already
          included.
        </Typography.Text>
      ) : null}

      {has('group') && !has('all') ? (
        <Section title="Select group from database" id="dest-groups">
          <GroupTreePicker value={value.groupIds} onChange={(groupIds) => set({ groupIds })} height={320} />
        </Section>
      ) : null}

      {has('person') ? (
        <Section title="Select person from membership database" id="dest-people">
          <PersonPicker
            channel={channel}
            value={value.people}
            onChange={(people) => set({ people })}
            aria-labelledby="dest-people"
          />
        </Section>
      ) : null}

      {has('typed') ? (
        <Section title={typedLabel} id="dest-typed">
          <Input.TextArea
            aria-labelledby="dest-typed"
            value={value.typed}
            onChange={(e) => set({ typed: e.target.value })}
            autoSize={{ minRows: 2, maxRows: 8 }}
            placeholder={
              channel === 'sms'
                ? '08031234567, +2348031234568 (separate with commas or new lines)'
                : 'name@example.com, other@example.org (separate with commas or new lines)'
            }
            spellCheck={false}
          />
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4, fontSize: 12 }}>
            {plural(typedCount, what, whats)}
          </Typography.Text>
          {unusable.length > 0 ? (
            <Typography.Text type="warning" style={{ display: 'block', marginTop: 2, fontSize: 12 }}>
              Not {channel === 'sms' ? 'a phone number' : 'an e-mail address'}: {unusable.slice(0, 10).join(', ')}
              {unusable.length > 10 ? ` and ${unusable.length - 10} more` : ''} (reported as failed if sent)
            </Typography.Text>
          ) : null}
        </Section>
      ) : null}

      {has('upload') && channel === 'sms' ? (
        <Section title="Upload contacts" id="dest-upload">
          <ContactsUpload channel={channel} value={value.upload} onChange={(upload) => set({ upload })} />
        </Section>
      ) : null}
    </Flex>
  );
}
