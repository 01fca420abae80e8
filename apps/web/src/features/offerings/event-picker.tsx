import type { TEventActivity } from '@steward/contracts/events';
import { useQueryClient } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useEventActivities } from '../../api/queries.ts';
import { eventKeys } from '../../api/query-keys.ts';
import { formatDate } from '../../components/dates.ts';
import { CreateEventModal, type CreateEventVariant } from './create-event-modal.tsx';

const CREATE = '__create_event__';

interface EventPickerProps {
  value: string | null;
  /** The chosen event (null when cleared). */
  onChange: (event: TEventActivity | null) => void;
  id?: string;
  /** which 'Create new event' dialog opens (default: the offering screens'); see CreateEventModal */
  createVariant?: CreateEventVariant;
}

/** The event picker of the recording screen (spec 2.3): events as name and MM/DD/YYYY, and 'Create new event'. */
export function EventPicker({ value, onChange, id, createVariant }: EventPickerProps) {
  const activities = useEventActivities();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const list = activities.data ?? [];
  const options = [
    { value: CREATE, label: '+ Create new event' },
    ...list.map((e) => ({ value: e.activityID, label: `${e.name} · ${formatDate(e.date)}` })),
  ];

  return (
    <>
      <Select<string>
        id={id}
        aria-label="Event"
        placeholder="Select an event"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={activities.isPending}
        value={value}
        options={options}
        onChange={(v) => {
          if (v === CREATE) setCreating(true);
          else onChange(list.find((e) => e.activityID === v) ?? null);
        }}
        style={{ width: '100%' }}
      />
      <CreateEventModal
        variant={createVariant}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(event) => {
          queryClient.setQueryData<TEventActivity[]>(eventKeys.activities(), (old) => [
            event,
            ...(old ?? []).filter((e) => e.activityID !== event.activityID),
          ]);
          onChange(event);
          setCreating(false);
        }}
      />
    </>
  );
}
