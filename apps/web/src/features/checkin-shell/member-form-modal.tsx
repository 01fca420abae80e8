import { FAMILY_ROLE, type TFamilyDetail, type TFamilyMember } from '@steward/contracts/families';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Flex, Form, Input, Modal, Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { addFamilyMember, editFamilyMember, familyKeys, type MemberPersonInput } from '../../api/family.ts';
import { useToast } from '../../components/use-toast.ts';
import { PhotoPicker } from './photo.tsx';
import { errorText, HOUSEHOLD_ROLES } from './shell-model.ts';
import { SHELL_TEXTS as T } from './texts.ts';
import { useFamilyRoles, useGenders } from './use-family.ts';

interface Values {
  pictureUrl: string | null;
  firstName: string;
  lastName?: string;
  familyRoleId?: number;
  genderId?: number | null;
  mobilePhone?: string;
  dayOfBirth?: number | null;
  monthOfBirth?: number | null;
}

const DAYS = Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: String(i + 1) }));
const MONTHS = Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: dayjs().month(i).format('MMMM') }));

/** The last name a new member starts with: the family's father's or mother's. */
function familyLastName(family: TFamilyDetail): string {
  return family.father?.lastName || family.mother?.lastName || '';
}

/**
 * The add / edit dialog of a family member (Family page: a child or other household member with
 * role, gender and birthday) or of a guardian (Guardian page: role 6 with a phone number). Each
 * has a photo. Saving calls POST /api/Family/addFamilyMember or PUT /api/Family/editFamilyMember,
 * then reloads the family; a refusal is shown in the dialog, which stays open. Rendered only while
 * open (the caller mounts it), so each opening starts from the member's saved details.
 */
export function MemberFormModal({
  open,
  onClose,
  family,
  member,
  kind,
}: {
  open: boolean;
  onClose: () => void;
  family: TFamilyDetail;
  /** the member edited; none to add one */
  member: TFamilyMember | null;
  kind: 'household' | 'guardian';
}) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const toast = useToast();
  const roles = useFamilyRoles();
  const genders = useGenders();
  const [problem, setProblem] = useState<string | null>(null);
  const guardian = kind === 'guardian';

  const save = useMutation({
    mutationFn: async (v: Values) => {
      const person: MemberPersonInput = {
        firstName: v.firstName.trim(),
        lastName: v.lastName?.trim() ?? '',
        pictureUrl: v.pictureUrl ?? null,
        genderId: v.genderId ?? null,
        ...(guardian
          ? { mobilePhone: v.mobilePhone?.trim() ?? '' }
          : { dayOfBirth: v.dayOfBirth ?? null, monthOfBirth: v.monthOfBirth ?? null }),
      };
      const familyRoleId = guardian ? FAMILY_ROLE.guardian : v.familyRoleId!;
      return member
        ? editFamilyMember({ id: member.id, familyRoleId, person: { ...person, id: member.person.id } })
        : addFamilyMember({ familyId: family.id, familyRoleId, person });
    },
    onSuccess: async () => {
      toast.success(guardian && !member ? T.guardianAdded : member ? T.memberUpdated : T.memberAdded);
      await queryClient.invalidateQueries({ queryKey: familyKeys.family() });
      onClose();
    },
    onError: (err) => setProblem(errorText(err)),
  });

  const p = member?.person;
  const initial: Values = {
    pictureUrl: p?.pictureUrl ?? null,
    firstName: p?.firstName ?? '',
    lastName: p ? p.lastName : guardian ? '' : familyLastName(family),
    familyRoleId: member && !guardian ? member.familyRoleID : undefined,
    genderId: p?.genderID ?? undefined,
    mobilePhone: p?.mobilePhone ?? '',
    dayOfBirth: p?.dayOfBirth ?? undefined,
    monthOfBirth: p?.monthOfBirth ?? undefined,
  };
  const title = guardian ? (member ? T.editGuardian : T.addGuardian) : member ? T.editMember : T.addMember;
  const firstName = Form.useWatch('firstName', form) ?? '';
  const lastName = Form.useWatch('lastName', form) ?? '';

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      okText={T.save}
      cancelText={T.cancel}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      width={520}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initial}
        preserve={false}
        onFinish={(v) => {
          setProblem(null);
          save.mutate(v);
        }}
      >
        <Form.Item name="pictureUrl" noStyle>
          <PhotoField name={`${firstName} ${lastName}`} disabled={save.isPending} />
        </Form.Item>
        <div className="cs-two cs-gap-top">
          <Form.Item
            name="firstName"
            label={T.firstName}
            rules={[{ required: true, whitespace: true, message: T.enterMemberFirstName }]}
          >
            <Input maxLength={80} autoComplete="off" />
          </Form.Item>
          <Form.Item name="lastName" label={T.lastName}>
            <Input maxLength={80} autoComplete="off" />
          </Form.Item>
        </div>
        {guardian ? (
          <Form.Item name="mobilePhone" label={T.phone}>
            <Input inputMode="tel" maxLength={30} autoComplete="off" />
          </Form.Item>
        ) : (
          <Form.Item name="familyRoleId" label={T.role} rules={[{ required: true, message: T.chooseRole }]}>
            <Select
              placeholder={T.chooseRole}
              loading={roles.isPending}
              options={(roles.data ?? [])
                .filter((r) => HOUSEHOLD_ROLES.includes(r.id) || r.id === member?.familyRoleID)
                .map((r) => ({ value: r.id, label: r.name }))}
            />
          </Form.Item>
        )}
        <Form.Item name="genderId" label={T.gender}>
          <Select
            placeholder={T.chooseGender}
            allowClear
            loading={genders.isPending}
            options={(genders.data ?? []).map((g) => ({ value: g.id, label: g.value }))}
          />
        </Form.Item>
        {guardian ? null : (
          <Flex vertical gap={0}>
            <span className="cs-field-label" id="cs-birthday">
              {T.birthday}
            </span>
            <div className="cs-two">
              <Form.Item name="monthOfBirth">
                <Select aria-label={`${T.birthday}: ${T.month}`} placeholder={T.month} allowClear options={MONTHS} />
              </Form.Item>
              <Form.Item name="dayOfBirth">
                <Select aria-label={`${T.birthday}: ${T.day}`} placeholder={T.day} allowClear options={DAYS} />
              </Form.Item>
            </div>
          </Flex>
        )}
        {problem ? <Alert type="error" showIcon role="alert" title={problem} /> : null}
      </Form>
    </Modal>
  );
}

/** PhotoPicker as a form control (`value` / `onChange` given by Form.Item). */
function PhotoField({
  value,
  onChange,
  name,
  disabled,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  name: string;
  disabled?: boolean;
}) {
  return <PhotoPicker value={value ?? null} onChange={(v) => onChange?.(v)} name={name} disabled={disabled} />;
}
