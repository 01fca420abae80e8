import { PlusOutlined } from '@ant-design/icons';
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

interface CreateEventModalProps {
  open: boolean;
  onClose: () => void;
  onCreated: (event: TEventActivity) => void;
}

/**
 * 'Create new event' (spec 2.3): the event name is an event category (a new category can be
 * added with the input under the picker), and an event date. The date is required ('Enter event name and
 * date'); with neither date nor category Save does nothing.
 */
export function CreateEventModal({ open, onClose, onCreated }: CreateEventModalProps) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const categories = useEventCategories();
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [date, setDate] = useState<Dayjs | null>(null);
  const [newCategory, setNewCategory] = useState('');

  const addCategory = useMutation({
    mutationFn: createEventCategory,
    onSuccess: (list, name) => {
      queryClient.setQueryData(eventKeys.categories(), list);
      const created = list.find((c) => c.name.trim().toLowerCase() === name.trim().toLowerCase());
      if (created) setCategoryId(created.id);
      setNewCategory('');
      toast.success(MESSAGES.categoryCreated);
    },
    onError: (err) => toast.error(serverMessageOf(err) ?? MESSAGES.categoryFailed),
  });

  const create = useMutation({
    mutationFn: createEventActivity,
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: eventKeys.activities() });
      if (!res.status) {
        toast.error(res.response);
        return;
      }
      toast.success(MESSAGES.eventCreated);
      const { activityID, name, date: day } = res.currentEvent;
      onCreated({ activityID, name, date: day });
      setCategoryId(null);
      setDate(null);
    },
    onError: (err) => toast.error(serverMessageOf(err) ?? MESSAGES.offeringSaveFailed),
  });

  const save = () => {
    if (!date && !categoryId) return;
    if (!date || !categoryId) {
      toast.warning(MESSAGES.enterEventNameAndDate);
      return;
    }
    create.mutate({ activity: { date: date.format(ISO_DATE), eventCategoryId: categoryId } });
  };

  return (
    <Modal
      open={open}
      title="Create new event"
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
        <Form.Item label="Event name" required>
          <Select
            aria-label="Event name"
            placeholder="Select event"
            value={categoryId}
            onChange={setCategoryId}
            loading={categories.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
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
    </Modal>
  );
}
