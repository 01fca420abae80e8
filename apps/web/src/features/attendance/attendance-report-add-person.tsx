import { ZMarkNewPerson } from '@steward/contracts/attendance-marking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Segmented, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { markAttendance, markingKeys } from '../../api/attendance-marking.ts';
import { MemberSearchSelect, type PickedMember } from '../../components/member-search-select.tsx';
import { useToast } from '../../components/use-toast.ts';
import { zodRule } from '../../components/zod-rule.ts';
import { failureText } from './attendance-report-actions.ts';

type Mode = 'member' | 'new';

interface NewPersonValues {
  firstName: string;
  lastName?: string;
  mobilePhone?: string;
  email?: string;
}

interface AddPersonDialogProps {
  open: boolean;
  /** the check-in set-up the person is checked in to */
  setUpId: string;
  /** person ids already listed: a member already there is named so in the search list */
  listedPersonIds: ReadonlySet<string>;
  onClose: () => void;
}

/**
 * 'Add a person' (existing-client-api §4.1, MarkAttendance.vue / NewMember.vue): an existing
 * member found by the member search (3 or more characters), checked in as
 * `{person:{personId}, checkInChannel:0, checkInAttendanceID}`; or a new person (first name
 * required, last name, phone, e-mail), created and checked in as
 * `{person:{firstName,lastName,mobilePhone,email}, …}`. The server's answer is the toast; the
 * report is refreshed and the dialog closes.
 */
export function AddPersonDialog({ open, setUpId, listedPersonIds, onClose }: AddPersonDialogProps) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [mode, setMode] = useState<Mode>('member');
  const [member, setMember] = useState<PickedMember[]>([]);
  const [memberError, setMemberError] = useState<string | null>(null);
  const [form] = Form.useForm<NewPersonValues>();

  useEffect(() => {
    if (!open) return;
    setMode('member');
    setMember([]);
    setMemberError(null);
    form.resetFields();
  }, [open, form]);

  const add = useMutation({
    mutationFn: (person: { personId: string } | NewPersonValues) =>
      markAttendance({ checkInAttendanceID: setUpId, checkInChannel: 0, person }),
    onSuccess: (answer) => {
      toast.success(answer);
      onClose();
    },
    onError: (err) => toast.error(failureText(err)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: markingKeys.report(setUpId) }),
  });

  const submit = async () => {
    if (mode === 'member') {
      const picked = member[0];
      if (!picked) {
        setMemberError('Choose a member');
        return;
      }
      add.mutate({ personId: picked.id });
      return;
    }
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const trimmed = (v?: string) => v?.trim() || undefined;
    add.mutate({
      firstName: values.firstName.trim(),
      lastName: trimmed(values.lastName),
      mobilePhone: trimmed(values.mobilePhone),
      email: trimmed(values.email),
    });
  };

  const picked = member[0];
  return (
    <Modal
      open={open}
      title="Add a person"
      onCancel={onClose}
      destroyOnHidden
      width={520}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="ok" type="primary" loading={add.isPending} onClick={() => void submit()}>
          Check in
        </Button>,
      ]}
    >
      <Segmented<Mode>
        block
        value={mode}
        onChange={setMode}
        options={[
          { value: 'member', label: 'Existing member' },
          { value: 'new', label: 'New person' },
        ]}
        style={{ marginBottom: 16 }}
      />
      {mode === 'member' ? (
        <div>
          <label htmlFor="add-person-member" style={{ display: 'block', marginBottom: 8 }}>
            Member
          </label>
          <MemberSearchSelect
            id="add-person-member"
            placeholder="Search by name, phone or e-mail"
            allowClear
            value={member}
            onChange={(v) => {
              setMember(v);
              setMemberError(null);
            }}
            toPicked={(m, name) => ({ id: m.id, name })}
            renderDetail={(p) =>
              listedPersonIds.has(p.id) ? <Typography.Text type="secondary">already listed</Typography.Text> : null
            }
          />
          {memberError ? (
            <Typography.Text type="danger" role="alert">
              {memberError}
            </Typography.Text>
          ) : null}
          {picked && listedPersonIds.has(picked.id) ? (
            <Alert
              type="info"
              showIcon
              style={{ marginTop: 12 }}
              title={`${picked.name} is already listed: checking in marks them present.`}
            />
          ) : null}
        </div>
      ) : (
        <Form<NewPersonValues>
          name="addperson"
          form={form}
          layout="vertical"
          requiredMark="optional"
          onFinish={() => void submit()}
        >
          <Form.Item
            name="firstName"
            label="First name"
            required
            validateFirst
            rules={[
              { required: true, whitespace: true, message: 'Enter a first name' },
              zodRule(ZMarkNewPerson.shape.firstName),
            ]}
          >
            <Input autoFocus autoComplete="off" />
          </Form.Item>
          <Form.Item name="lastName" label="Last name" rules={[zodRule(ZMarkNewPerson.shape.lastName)]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="mobilePhone" label="Phone" rules={[zodRule(ZMarkNewPerson.shape.mobilePhone)]}>
            <Input type="tel" inputMode="tel" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="email"
            label="E-mail"
            validateFirst
            rules={[{ type: 'email', message: 'Enter a valid e-mail address' }, zodRule(ZMarkNewPerson.shape.email)]}
          >
            <Input inputMode="email" autoComplete="off" />
          </Form.Item>
          {/* Enter in a field submits */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      )}
    </Modal>
  );
}
