import { PlusOutlined } from '@ant-design/icons';
import { ATTENDANCE_SETUP_MESSAGES } from '@steward/contracts/attendance-setup';
import type { TEventActivity } from '@steward/contracts/events';
import { MESSAGES } from '@steward/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Modal, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { createEventActivity, createEventCategory } from '../../api/events.ts';
import { serverMessageOf } from '../../api/http.ts';
import { useEventCategories } from '../../api/queries.ts';
import { eventKeys } from '../../api/query-keys.ts';
import { DATE_FORMAT, ISO_DATE } from '../../components/dates.ts';
import { useToast } from '../../components/use-toast.ts';

/**
 * Which screen's dialog: the offering screens' (finance spec 2.3: 'Create new event', a new
 * category typed under the picker) or Add Attendance's (giving-attendance spec 2.9: 'Create
 * Event', whose category picker offers 'Create new event', opening 'Create Event Category').
 */
export type CreateEventVariant = 'offering' | 'attendance';

const NEW_CATEGORY = '__new_category__';

/** Spec 2.9 §5: a category name past 17 characters shows its first 16 and an ellipsis. */
export function shortCategoryName(name: string): string {
  return name.length > 17 ? `${name.slice(0, 16)}…` : name;
}

interface CreateEventModalProps {
  open: boolean;
  onClose: () => void;
  onCreated: (event: TEventActivity) => void;
  variant?: CreateEventVariant;
}

/**
 * 'Create new event' (finance spec 2.3) or 'Create Event' (giving-attendance spec 2.9): the event
 * name is an event category, and an event date. The offering variant adds a category with the
 * input under the picker; the attendance variant through the picker's '+ Create new event'
 * option, which opens the 'Create Event Category' dialog (Name; Cancel, Save). The date is
 * required ('Enter event name and date'); with neither date nor category Save does nothing.
 * Texts: 'Category created successfully' / 'Category could not be created'; 'Your new event was
 * created successfully' (offering) or 'Event created successfully' / 'Could not create event'
 * (attendance, spec §8).
 */
export function CreateEventModal({ open, onClose, onCreated, variant = 'offering' }: CreateEventModalProps) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const categories = useEventCategories();
  const attendance = variant === 'attendance';
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [date, setDate] = useState<Dayjs | null>(null);
  const [newCategory, setNewCategory] = useState('');
  const [categoryDialog, setCategoryDialog] = useState(false);

  const addCategory = useMutation({
    mutationFn: createEventCategory,
    onSuccess: (list, name) => {
      queryClient.setQueryData(eventKeys.categories(), list);
      const created = list.find((c) => c.name.trim().toLowerCase() === name.trim().toLowerCase());
      if (created) setCategoryId(created.id);
      setNewCategory('');
      setCategoryDialog(false);
      toast.success(MESSAGES.categoryCreated);
    },
    onError: (err) => {
      toast.error(serverMessageOf(err) ?? MESSAGES.categoryFailed);
      // spec §8: on failure the category dialog closes
      setCategoryDialog(false);
    },
  });

  const create = useMutation({
    mutationFn: createEventActivity,
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: eventKeys.activities() });
      if (!res.status) {
        toast.error(res.response);
        return;
      }
      toast.success(attendance ? ATTENDANCE_SETUP_MESSAGES.eventCreated : MESSAGES.eventCreated);
      const { activityID, name, date: day } = res.currentEvent;
      onCreated({ activityID, name, date: day });
      setCategoryId(null);
      setDate(null);
    },
    onError: (err) =>
      toast.error(
        serverMessageOf(err) ?? (attendance ? ATTENDANCE_SETUP_MESSAGES.eventFailed : MESSAGES.offeringSaveFailed),
      ),
  });

  const save = () => {
    if (!date && !categoryId) return;
    if (!date || !categoryId) {
      toast.warning(MESSAGES.enterEventNameAndDate);
      return;
    }
    create.mutate({
      activity: { date: date.format(ISO_DATE), eventCategoryId: categoryId },
    });
  };

  const options = (categories.data ?? []).map((c) => ({
    value: c.id,
    label: attendance ? shortCategoryName(c.name) : c.name,
    title: c.name,
  }));

  return (
    <Modal
      open={open}
      title={attendance ? 'Create Event' : 'Create new event'}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="save" type="primary" loading={create.isPending} onClick={save}>
          Save
        </Button>,
      ]}
    >
      <Form layout="vertical" component="div">
        <Form.Item label={attendance ? 'Event category' : 'Event name'} required>
          <Select
            aria-label={attendance ? 'Event category' : 'Event name'}
            placeholder={attendance ? 'Select event category' : 'Select event'}
            value={categoryId}
            onChange={(v: string) => (v === NEW_CATEGORY ? setCategoryDialog(true) : setCategoryId(v))}
            loading={categories.isPending}
            showSearch={{
              filterOption: (input, option) =>
                option?.value === NEW_CATEGORY ||
                String(option?.title ?? '')
                  .toLowerCase()
                  .includes(input.trim().toLowerCase()),
            }}
            options={
              attendance
                ? [
                    {
                      value: NEW_CATEGORY,
                      label: '+ Create new event',
                      title: '+ Create new event',
                    },
                    ...options,
                  ]
                : options
            }
          />
        </Form.Item>
        {attendance ? null : (
          <Space.Compact style={{ width: '100%', marginTop: -12, marginBottom: 20 }}>
            <Input
              placeholder="add new category"
              aria-label="add new category"
              value={newCategory}
              onChange={(e) => setNewCategory(e.target.value)}
              onPressEnter={() => newCategory.trim() && addCategory.mutate(newCategory.trim())}
            />
            <Button
              icon={<PlusOutlined aria-hidden />}
              loading={addCategory.isPending}
              disabled={!newCategory.trim()}
              onClick={() => addCategory.mutate(newCategory.trim())}
            >
              Add
            </Button>
          </Space.Compact>
        )}
        <Form.Item label="Event date" required>
          <DatePicker
            aria-label="Event date"
            format={DATE_FORMAT}
            value={date}
            onChange={setDate}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
      <Modal
        open={categoryDialog}
        title="Create Event Category"
        onCancel={() => setCategoryDialog(false)}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={() => setCategoryDialog(false)}>
            Cancel
          </Button>,
          <Button
            key="save"
            type="primary"
            loading={addCategory.isPending}
            disabled={!newCategory.trim()}
            onClick={() => addCategory.mutate(newCategory.trim())}
          >
            Save
          </Button>,
        ]}
      >
        <Form layout="vertical" component="div">
          <Form.Item label="Name" htmlFor="create-event-category-name" style={{ marginBottom: 0 }}>
            <Input
              id="create-event-category-name"
              autoFocus
              maxLength={120}
              value={newCategory}
              onChange={(e) => setNewCategory(e.target.value)}
              onPressEnter={() => newCategory.trim() && addCategory.mutate(newCategory.trim())}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Modal>
  );
}
