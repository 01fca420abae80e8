import { CheckOutlined, LogoutOutlined, UserAddOutlined } from '@ant-design/icons';
import type { TAttendancePerson } from '@steward/contracts/attendance-marking';
import { Button, Card, Flex, Grid, Segmented, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState, type ReactNode } from 'react';
import { settingsKeys } from '../../api/query-keys.ts';
import { getCustomFields } from '../../api/settings.ts';
import { DataTable } from '../../components/data-table.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { RowActions, type RowAction } from '../../components/row-actions.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { REPORT_TEXTS, useMarkingActions } from './attendance-report-actions.ts';
import { bulkTargets, channelLabel, filterPeople, nextAction, type PresenceFilter } from './attendance-report-model.ts';
import { PhoneCell } from './attendance-report-phone.tsx';
import { RegistrationTag, WardOf } from './attendance-report-registration.tsx';

/**
 * A date-time of the report (ISO, UTC) in the browser's time: '9:41 AM' on the event's day
 * (`eventDate` 'YYYY-MM-DD'), else '03/09/2025 9:41 AM'; '—' when none.
 */
export function formatDateTime(value: string | null | undefined, eventDate?: string): string {
  if (!value) return '—';
  const t = dayjs(value);
  return eventDate && t.format('YYYY-MM-DD') === eventDate ? t.format('h:mm A') : t.format('MM/DD/YYYY h:mm A');
}

/**
 * The PRESENT cell: 'Present', 'Checked out', 'Pre-checked in' or 'Absent'. A record an
 * administrator marked absent again (channel 0) is absent, not pre-checked in.
 */
function PresenceTag({ p }: { p: TAttendancePerson }) {
  if (p.isCheckedOut) return <Tag color="blue">Checked out</Tag>;
  if (p.isPresent) return <Tag color="green">Present</Tag>;
  if (p.isPreCheckedIn) return <Tag color="gold">Pre-checked in</Tag>;
  return <Tag>Absent</Tag>;
}

/**
 * A person's answers to the set-up's check-in questions (custom fields of entity 5, given at the
 * public check-in), one 'Label: answer' line each, labels from the church's custom fields.
 */
function PersonAnswers({ person }: { person: TAttendancePerson }) {
  const fields = useQuery({
    queryKey: settingsKeys.customFields(),
    queryFn: getCustomFields,
    enabled: person.customAttributeData.length > 0,
  });
  if (person.customAttributeData.length === 0) return null;
  const label = (id: string) => fields.data?.find((f) => f.id === id)?.label ?? 'Answer';
  return (
    <div style={{ marginTop: 2 }}>
      {person.customAttributeData.map((a) => (
        <Typography.Text key={a.customAttributeID} type="secondary" style={{ fontSize: 12, display: 'block' }}>
          {`${label(a.customAttributeID)}: ${a.data || '—'}`}
        </Typography.Text>
      ))}
    </div>
  );
}

interface PeopleCardProps {
  setUpId: string;
  /** the event's date, 'YYYY-MM-DD': times on that day show without the date */
  eventDate: string;
  people: TAttendancePerson[];
  onAddPerson: () => void;
}

/**
 * The people of the report (existing-client-api §4.1 `peopoleAttendancesDTOs`): search (name,
 * e-mail, phone digits), filter All / Present / Absent, columns NAME ('Ward of <registrant>' under a
 * ward), PHONE (masked, 'Reveal'), E-MAIL, REGISTERED (paid / unpaid / pending payment with the
 * amount, issue 12), PRESENT, CHECKED IN AT, CHECKED OUT, CHANNEL and the row's actions (Mark
 * present or Check out, and a menu with Mark absent, Undo check-out, Remove from event). Rows
 * can be selected: 'Mark all present' and 'Check out all' act on the selection, else on the
 * rows shown. On a phone each row shows the name with phone and e-mail under it, the presence
 * and the action.
 */
export function PeopleCard({ setUpId, eventDate, people, onAddPerson }: PeopleCardProps) {
  const screens = Grid.useBreakpoint();
  const wide = screens.lg ?? true;
  // below 1600 px the phone and e-mail go under the name, so that every column fits at 1366 px
  const contactColumns = screens.xxl ?? true;
  const [search, setSearch] = useState('');
  const [presence, setPresence] = useState<PresenceFilter>('all');
  const [selected, setSelected] = useState<string[]>([]);
  const actions = useMarkingActions(setUpId);

  const shown = useMemo(() => filterPeople(people, search, presence), [people, search, presence]);
  // a removed person leaves the selection
  const picked = people.filter((p) => selected.includes(p.id));
  const chosen = picked.length > 0 ? picked : shown;
  const toMark = bulkTargets(chosen, 'mark');
  const toCheckOut = bulkTargets(chosen, 'checkout');
  const scope = picked.length > 0 ? 'selected' : 'all';

  const mainAction = (p: TAttendancePerson): ReactNode => {
    const next = nextAction(p);
    const busy = actions.busyId === p.id;
    if (next === 'mark')
      return (
        <Button
          size="small"
          type="primary"
          icon={<CheckOutlined aria-hidden />}
          loading={busy}
          aria-label={`Mark ${p.name} present`}
          onClick={() => void actions.mark(p)}
        >
          Mark present
        </Button>
      );
    if (next === 'checkout')
      return (
        <Button
          size="small"
          icon={<LogoutOutlined aria-hidden />}
          loading={busy}
          aria-label={`Check out ${p.name}`}
          onClick={() => void actions.checkOut(p)}
        >
          Check out
        </Button>
      );
    return null;
  };
  const menu = (p: TAttendancePerson) => {
    // a place held while the payment is pending is not on the list yet: nothing to act on
    if (!p.recordId && p.registration?.status === 'pending_payment') return null;
    const items: RowAction[] = [];
    if (p.isPresent && !p.isCheckedOut)
      items.push({ key: 'absent', label: 'Mark absent', onClick: () => void actions.mark(p, false) });
    if (p.isCheckedOut)
      items.push({ key: 'undo', label: 'Undo check-out', onClick: () => void actions.checkOut(p, false) });
    items.push({ key: 'remove', label: 'Remove from event', danger: true, onClick: () => actions.remove(p) });
    return <RowActions name={p.name} actions={items} />;
  };
  const actionCell = (p: TAttendancePerson) => (
    <Flex gap={4} align="center" justify="flex-end" wrap={false} data-row-action>
      {mainAction(p)}
      {menu(p)}
    </Flex>
  );

  const columns: TableColumnsType<TAttendancePerson> = wide
    ? [
        {
          title: 'NAME',
          dataIndex: 'name',
          key: 'name',
          sorter: (a, b) => a.name.localeCompare(b.name),
          render: (name: string, p) => (
            <div style={{ maxWidth: 220 }}>
              <div style={{ fontWeight: 500 }}>{name}</div>
              <WardOf person={p} />
              {!contactColumns ? <PhoneCell person={p} compact /> : null}
              {!contactColumns && p.email ? (
                <Typography.Text
                  type="secondary"
                  ellipsis={{ tooltip: p.email }}
                  style={{ fontSize: 12, display: 'block', maxWidth: 220 }}
                >
                  {p.email}
                </Typography.Text>
              ) : null}
              {p.groupName ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {p.groupName}
                  {p.securityCode ? ` · code ${p.securityCode}` : ''}
                </Typography.Text>
              ) : null}
              <PersonAnswers person={p} />
            </div>
          ),
        },
        ...(contactColumns
          ? [
              { title: 'PHONE', key: 'phone', render: (_: unknown, p: TAttendancePerson) => <PhoneCell person={p} /> },
              {
                title: 'E-MAIL',
                dataIndex: 'email',
                key: 'email',
                render: (e: string) =>
                  e ? (
                    <Typography.Text ellipsis={{ tooltip: e }} style={{ maxWidth: 220 }}>
                      {e}
                    </Typography.Text>
                  ) : (
                    '—'
                  ),
              },
            ]
          : []),
        {
          title: 'REGISTERED',
          key: 'registered',
          render: (_, p) => <RegistrationTag person={p} />,
        },
        { title: 'PRESENT', key: 'present', render: (_, p) => <PresenceTag p={p} /> },
        {
          title: 'CHECKED IN AT',
          key: 'in',
          sorter: (a, b) => (a.checkInTime ?? '').localeCompare(b.checkInTime ?? ''),
          render: (_, p) => (
            <>
              <div style={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.checkInTime, eventDate)}</div>
              {p.checkedInBy ? (
                <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', maxWidth: 140 }}>
                  {`by ${p.checkedInBy}`}
                </Typography.Text>
              ) : null}
            </>
          ),
        },
        {
          title: 'CHECKED OUT',
          key: 'out',
          render: (_, p) => (
            <>
              <div style={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.checkOutTime, eventDate)}</div>
              {p.checkedOutBy ? (
                <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', maxWidth: 140 }}>
                  {`by ${p.checkedOutBy}`}
                </Typography.Text>
              ) : null}
            </>
          ),
        },
        { title: 'CHANNEL', key: 'channel', render: (_, p) => channelLabel(p.checkedinOption, p.checkInChannel) },
        {
          title: <span className="visually-hidden">ACTION</span>,
          key: 'action',
          fixed: 'right',
          render: (_, p) => actionCell(p),
        },
      ]
    : [
        {
          title: 'NAME',
          key: 'name',
          render: (_, p) => (
            <>
              <div style={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{p.name}</div>
              <WardOf person={p} />
              <PhoneCell person={p} compact />
              {p.email ? (
                <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere', display: 'block' }}>
                  {p.email}
                </Typography.Text>
              ) : null}
              <Flex gap={4} wrap style={{ marginTop: 4 }}>
                <PresenceTag p={p} />
                <RegistrationTag person={p} compact />
              </Flex>
              {p.checkInTime ? (
                <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
                  {`In ${formatDateTime(p.checkInTime, eventDate)}${p.checkOutTime ? ` · out ${formatDateTime(p.checkOutTime, eventDate)}` : ''}`}
                </Typography.Text>
              ) : null}
              <PersonAnswers person={p} />
              <Flex gap={4} align="center" style={{ marginTop: 6 }} data-row-action>
                {mainAction(p)}
                {menu(p)}
              </Flex>
            </>
          ),
        },
      ];

  const toolbar = (
    <Flex gap={8} wrap align="center" justify="space-between" style={{ marginBottom: 12 }}>
      <Flex gap={8} wrap align="center">
        <SearchBox value={search} onChange={setSearch} placeholder="Search people" />
        <Segmented<PresenceFilter>
          aria-label="Show"
          value={presence}
          onChange={setPresence}
          options={[
            { value: 'all', label: `All (${people.length})` },
            { value: 'present', label: 'Present' },
            { value: 'absent', label: 'Absent' },
          ]}
        />
      </Flex>
      <Flex gap={8} wrap>
        <Button
          icon={<CheckOutlined aria-hidden />}
          disabled={toMark.length === 0}
          loading={actions.bulkPending}
          onClick={() => actions.markMany(toMark, true)}
        >
          {scope === 'selected' ? `Mark selected present (${toMark.length})` : 'Mark all present'}
        </Button>
        <Button
          icon={<LogoutOutlined aria-hidden />}
          disabled={toCheckOut.length === 0}
          loading={actions.bulkPending}
          onClick={() => actions.markMany(toCheckOut, false)}
        >
          {scope === 'selected' ? `Check out selected (${toCheckOut.length})` : 'Check out all'}
        </Button>
      </Flex>
    </Flex>
  );

  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>People</h2>}
      extra={
        <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={onAddPerson}>
          Add person
        </Button>
      }
      style={{ marginBottom: 16 }}
      styles={{ body: { padding: wide ? 16 : 12 } }}
    >
      {people.length === 0 ? (
        <EmptyState
          description={
            <>
              <div style={{ fontWeight: 500 }}>{REPORT_TEXTS.noOne}</div>
              <Typography.Text type="secondary">{REPORT_TEXTS.noOneHint}</Typography.Text>
            </>
          }
        >
          <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={onAddPerson}>
            Add person
          </Button>
        </EmptyState>
      ) : (
        <>
          {toolbar}
          <DataTable<TAttendancePerson>
            rowKey="id"
            aria-label="People"
            columns={columns}
            dataSource={shown}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
            size={wide ? 'small' : 'middle'}
            tableLayout={wide ? undefined : 'fixed'}
            scroll={wide ? { x: 'max-content' } : undefined}
            locale={{ emptyText: <EmptyState description={REPORT_TEXTS.noMatch} /> }}
            pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
          />
        </>
      )}
    </Card>
  );
}
