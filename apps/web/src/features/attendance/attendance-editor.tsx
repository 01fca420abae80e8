import { ATTENDANCE_SETUP_MESSAGES, type TAttendanceSetupDetail } from '@steward/contracts/attendance-setup';
import type { TEventActivity } from '@steward/contracts/events';
import { MESSAGES } from '@steward/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Tabs, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { attendanceKeys, createAttendance, editAttendance } from '../../api/attendance.ts';
import { HttpError, isNetworkError, TimeoutError } from '../../api/http.ts';
import { useToast } from '../../components/use-toast.ts';
import { isResolvedFor, type ResolvedAccount } from '../giving/payment-form-model.ts';
import { useGroupTree } from '../groups/use-group-tree.ts';
import { EventPicker } from '../offerings/event-picker.tsx';
import {
  browserTimeZone,
  canSave,
  emptyValues,
  eventFromDetail,
  toSetupFormData,
  valuesFromDetail,
  type AttendanceFormValues,
  type ChosenGroup,
} from './attendance-form-model.ts';
import { AttendanceGroupField } from './attendance-group-field.tsx';
import { chosenGroups } from './attendance-group-model.ts';
import { checkinTypePath } from './attendance-links.ts';
import { AttendanceMessageTabs } from './attendance-message-tabs.tsx';
import { AttendanceMoreFields } from './attendance-more-fields.tsx';
import { AttendancePaidFields } from './attendance-paid-fields.tsx';
import { ATTENDANCE_TEXTS } from './attendance-texts.ts';
import { useAttendanceAccountCheck } from './use-attendance-account-check.ts';

/** Names the server gives a field at fault, as this form names it. */
const FORM_FIELD: Record<string, keyof AttendanceFormValues> = {
  groupIDs: 'groupIds',
  details: 'details',
  bannerName: 'bannerName',
  registrationSlot: 'registrationSlot',
  amount: 'amount',
  bankCode: 'bankCode',
  accountNumber: 'accountNumber',
  accountName: 'accountName',
  incomeAccountId: 'incomeAccountId',
  cashAccountId: 'cashAccountId',
  checkInCutOffTime: 'checkInCutOffTime',
  registrationCutOffTime: 'registrationCutOffTime',
};

function initialAccount(d: TAttendanceSetupDetail | null): ResolvedAccount | null {
  if (!d?.isPaidFor || !d.accountNumber || !d.bankCode || !d.accountName) return null;
  return { accountNumber: d.accountNumber, bankCode: d.bankCode, accountName: d.accountName };
}

/** A titled block of the form. */
function Block({ title, children }: { title?: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="attendance-card">
      {title ? (
        <Typography.Title level={2} style={{ fontSize: 16, marginTop: 0 }}>
          {title}
        </Typography.Title>
      ) : null}
      {children}
    </section>
  );
}

/**
 * The Add Attendance form (spec 2.9, §4-§5, §8; existing-client-api §4.1), new (`initial` null)
 * or prefilled from GetSingleAttendanceCheckIn: Event (with 'Create new event'), Group, the 'More'
 * area, Free/Paid, the SMS / Email / Cut-off time tabs, and 'Save and Continue', disabled unless
 * an event and at least one group are chosen. Under Paid the account must be checked first.
 * Saved (multipart POST, or PUT with Id), it goes to CheckinType with activityID, activityName,
 * groupId, groupName, id and code. A field the server refuses is marked; the toast says why.
 */
export function AttendanceEditor({ initial }: { initial: TAttendanceSetupDetail | null }) {
  const [form] = Form.useForm<AttendanceFormValues>();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tree = useGroupTree();
  const [event, setEvent] = useState<TEventActivity | null>(initial ? eventFromDetail(initial) : null);
  const [banner, setBanner] = useState<File | null>(null);
  const [paid, setPaid] = useState(initial?.isPaidFor ?? false);
  const [eventError, setEventError] = useState<string | null>(null);
  const initialValues = useMemo(() => (initial ? valuesFromDetail(initial) : emptyValues()), [initial]);
  const savedNames = useMemo(() => new Map((initial?.groups ?? []).map((g) => [g.id, g.name])), [initial]);
  const groupIds = (Form.useWatch('groupIds', form) as string[] | undefined) ?? initialValues.groupIds;
  const accountNumber = Form.useWatch('accountNumber', form) as string | undefined;
  const bankCode = Form.useWatch('bankCode', form) as string | null | undefined;
  const noop = useCallback(() => undefined, []);
  const account = useAttendanceAccountCheck(form, toast, initialAccount(initial), noop);
  const ready = canSave(event, groupIds);

  const save = useMutation({
    mutationFn: async ({ body, groups }: { body: FormData; groups: ChosenGroup[] }) => {
      if (initial) {
        const edited = await editAttendance(body);
        return {
          id: edited.id,
          code: edited.attendanceCode,
          message: edited.response,
          groupId: groups[0]?.id ?? '',
          groupName: groups.map((g) => g.name).join(', '),
        };
      }
      const created = await createAttendance(body);
      return {
        id: created.id,
        code: created.attendanceCode,
        message: ATTENDANCE_SETUP_MESSAGES.created,
        groupId: created.groupID ?? groups[0]?.id ?? '',
        groupName: created.fullGroupName,
      };
    },
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
      toast.success(saved.message);
      if (!initial) form.setFieldValue('groupIds', []); // spec §4: create clears the chosen groups
      void navigate(
        checkinTypePath({
          activityID: event?.activityID ?? '',
          activityName: event?.name ?? '',
          groupId: saved.groupId,
          groupName: saved.groupName,
          id: saved.id,
          code: saved.code,
        }),
      );
    },
    onError: (err) => {
      if (isNetworkError(err)) return toast.error(MESSAGES.networkDisrupted);
      if (err instanceof TimeoutError) return toast.error(ATTENDANCE_SETUP_MESSAGES.deleteTimeout);
      if (err instanceof HttpError) {
        for (const f of err.fieldErrors) {
          const name = FORM_FIELD[f.field];
          if (name) form.setFields([{ name, errors: [f.message] }]);
          else if (f.field === 'activityId') setEventError(f.message);
        }
        return toast.error(err.serverMessage ?? ATTENDANCE_TEXTS.saveFailed);
      }
      toast.error(ATTENDANCE_TEXTS.saveFailed);
    },
  });

  const onSave = async () => {
    if (!event || !ready) return;
    if (paid) {
      const ok = await form
        .validateFields(['amount', 'bankCode', 'accountNumber', 'incomeAccountId', 'cashAccountId'])
        .then(() => true)
        .catch(() => false);
      if (!ok) return;
      if (account.checking) return toast.info(ATTENDANCE_TEXTS.checkingAccount);
      if (!isResolvedFor(account.resolved, accountNumber, bankCode)) {
        form.setFields([{ name: 'accountNumber', errors: [ATTENDANCE_TEXTS.resolveAccountFirst] }]);
        return toast.error(ATTENDANCE_TEXTS.resolveAccountFirst);
      }
    }
    const values = { ...(form.getFieldsValue(true) as AttendanceFormValues), isPaidFor: paid };
    const groups = chosenGroups(tree.data ?? [], values.groupIds, savedNames);
    const body = toSetupFormData({ values, event, groups, banner, id: initial?.id, timeZone: browserTimeZone() });
    save.mutate({ body, groups });
  };

  // giving's rule: a number or bank other than the one checked has no name yet; back to it, its name returns
  const onValuesChange = (changed: Partial<AttendanceFormValues>, all: AttendanceFormValues) => {
    if (!('accountNumber' in changed) && !('bankCode' in changed)) return;
    const same = isResolvedFor(account.resolved, all.accountNumber, all.bankCode);
    form.setFieldValue('accountName', same ? (account.resolved?.accountName ?? '') : '');
    if ('bankCode' in changed && all.accountNumber && !same) void account.check();
  };

  return (
    <Form<AttendanceFormValues>
      form={form}
      name="attendance"
      layout="vertical"
      aria-label="Attendance"
      className="attendance-form"
      initialValues={initialValues}
      onValuesChange={onValuesChange}
      onFinish={() => void onSave()}
      // Enter confirms a date, a search or a choice here; it never saves this long form by surprise
      onKeyDown={(e) => {
        const target = e.target as HTMLElement;
        if (e.key === 'Enter' && target instanceof HTMLInputElement) e.preventDefault();
      }}
    >
      <Block>
        <Form.Item
          label="Event"
          htmlFor="attendance_event"
          required
          validateStatus={eventError ? 'error' : undefined}
          help={eventError ?? undefined}
        >
          <EventPicker
            id="attendance_event"
            createVariant="attendance"
            value={event?.activityID ?? null}
            onChange={(e) => {
              setEvent(e);
              setEventError(null);
            }}
          />
        </Form.Item>
        <Form.Item label="Group" name="groupIds" htmlFor="attendance_groups" required style={{ marginBottom: 0 }}>
          <AttendanceGroupField id="attendance_groups" savedNames={savedNames} />
        </Form.Item>
      </Block>

      <AttendanceMoreFields banner={banner} onBanner={setBanner} savedBannerUrl={initial?.bannerUrl ?? null} />

      <Block>
        <Tabs
          aria-label="Free or paid"
          activeKey={paid ? 'paid' : 'free'}
          onChange={(key) => setPaid(key === 'paid')}
          items={[
            {
              key: 'free',
              label: 'Free',
              children: (
                <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                  Anyone can register and check in without paying.
                </Typography.Paragraph>
              ),
            },
            {
              key: 'paid',
              label: 'Paid',
              children: (
                <AttendancePaidFields onCheckAccount={() => void account.check()} checking={account.checking} />
              ),
            },
          ]}
        />
      </Block>

      <Block>
        <AttendanceMessageTabs />
      </Block>

      <Flex align="center" gap={12} wrap>
        <Button type="primary" htmlType="submit" size="large" disabled={!ready} loading={save.isPending}>
          Save and Continue
        </Button>
        {ready ? null : (
          <Typography.Text type="secondary" id="attendance-save-hint">
            {ATTENDANCE_TEXTS.chooseEventAndGroup}
          </Typography.Text>
        )}
      </Flex>
    </Form>
  );
}
