import type { TFamilyDetail, TFamilyPerson } from '@steward/contracts/families';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, type FormInstance } from 'antd';
import { useState } from 'react';
import { editFamilyProfile, familyKeys, type ParentInput } from '../../api/family.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useToast } from '../../components/use-toast.ts';
import { PhotoPicker } from './photo.tsx';
import { errorText } from './shell-model.ts';
import { Loading, LoadError } from './states.tsx';
import { SHELL_TEXTS as T } from './texts.ts';
import { useMyFamily } from './use-family.ts';

interface ParentValues {
  firstName?: string;
  lastName?: string;
  pictureUrl?: string | null;
}

interface Values {
  familyName: string;
  address?: string;
  email?: string;
  homePhone?: string;
  father: ParentValues;
  mother: ParentValues;
}

const parentValues = (p: TFamilyPerson | null): ParentValues => ({
  firstName: p?.firstName ?? '',
  lastName: p?.lastName ?? '',
  pictureUrl: p?.pictureUrl ?? null,
});

/** A parent as editProfile takes it, or undefined when nothing was entered for a parent the family does not have. */
function parentInput(v: ParentValues): ParentInput | undefined {
  const firstName = v.firstName?.trim() ?? '';
  if (!firstName) return undefined;
  return { firstName, lastName: v.lastName?.trim() ?? '', pictureUrl: v.pictureUrl ?? null };
}

/** PhotoPicker as a form control (`value` / `onChange` given by Form.Item). */
function PhotoField({
  value,
  onChange,
  name,
  whose,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  name: string;
  whose: string;
}) {
  return <PhotoPicker value={value ?? null} onChange={(v) => onChange?.(v)} name={name} whose={whose} />;
}

function ParentFields({
  which,
  title,
  exists,
  form,
}: {
  which: 'father' | 'mother';
  title: string;
  /** the family has this parent: the first name cannot be emptied */
  exists: boolean;
  form: FormInstance<Values>;
}) {
  const first = Form.useWatch([which, 'firstName'], form) ?? '';
  const last = Form.useWatch([which, 'lastName'], form) ?? '';
  return (
    <Card title={title} size="small" className="cs-card">
      <Form.Item name={[which, 'pictureUrl']} noStyle>
        <PhotoField name={`${first} ${last}`} whose={title} />
      </Form.Item>
      <div className="cs-two cs-gap-top">
        <Form.Item
          name={[which, 'firstName']}
          label={T.firstName}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_r, v: string | undefined) => {
                if (v?.trim()) return Promise.resolve();
                if (exists) return Promise.reject(new Error(T.enterMemberFirstName));
                const other = (getFieldValue([which, 'lastName']) as string | undefined)?.trim();
                const photo = getFieldValue([which, 'pictureUrl']) as string | null | undefined;
                return other || photo ? Promise.reject(new Error(T.parentNameNeeded)) : Promise.resolve();
              },
            }),
          ]}
          dependencies={[
            [which, 'lastName'],
            [which, 'pictureUrl'],
          ]}
        >
          <Input maxLength={80} autoComplete="off" aria-label={`${title}: ${T.firstName}`} />
        </Form.Item>
        <Form.Item name={[which, 'lastName']} label={T.lastName}>
          <Input maxLength={80} autoComplete="off" aria-label={`${title}: ${T.lastName}`} />
        </Form.Item>
      </div>
    </Card>
  );
}

function ProfileForm({ family }: { family: TFamilyDetail }) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (v: Values) =>
      editFamilyProfile({
        id: family.id,
        familyName: v.familyName.trim(),
        address: v.address?.trim() ?? '',
        email: v.email?.trim() ?? '',
        homePhone: v.homePhone?.trim() ?? '',
        father: parentInput(v.father),
        mother: parentInput(v.mother),
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(familyKeys.family(), saved);
      toast.success(T.profileSaved);
    },
    onError: (err) => setProblem(errorText(err)),
  });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{
        familyName: family.familyName,
        address: family.homeAddress ?? '',
        email: family.email ?? '',
        homePhone: family.homePhone ?? '',
        father: parentValues(family.father),
        mother: parentValues(family.mother),
      }}
      onFinish={(v) => {
        setProblem(null);
        save.mutate(v);
      }}
      className="cs-profile"
    >
      <Card title={T.familyDetails} size="small" className="cs-card">
        <Form.Item
          name="familyName"
          label={T.familyName}
          rules={[{ required: true, whitespace: true, message: T.enterFamilyName }]}
        >
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="address" label={T.address}>
          <Input.TextArea maxLength={300} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <div className="cs-two">
          <Form.Item name="email" label={T.email} rules={[{ type: 'email', message: T.invalidEmail }]}>
            <Input type="email" maxLength={254} autoComplete="email" />
          </Form.Item>
          <Form.Item name="homePhone" label={T.homePhone}>
            <Input inputMode="tel" maxLength={30} autoComplete="tel" />
          </Form.Item>
        </div>
      </Card>
      <div className="cs-parents-form">
        <ParentFields which="father" title={T.fatherDetails} exists={Boolean(family.father)} form={form} />
        <ParentFields which="mother" title={T.motherDetails} exists={Boolean(family.mother)} form={form} />
      </div>
      {problem ? <Alert type="error" showIcon role="alert" title={problem} className="cs-gap-top" /> : null}
      <div className="cs-form-actions">
        <Button type="primary" htmlType="submit" size="large" loading={save.isPending}>
          {T.saveProfile}
        </Button>
      </div>
    </Form>
  );
}

/**
 * /checkin/checkinprofile (existing-client-api §1.6 'CheckinProfile', §4.4): the family's name,
 * home address, e-mail and home phone, and the father's and mother's names and photos (a parent
 * the family does not have yet is added by entering a first name). Saved with PUT
 * /api/Family/editProfile; photos go up at once through POST /api/Media/UploadProfilePicture.
 */
export function CheckinProfilePage() {
  const family = useMyFamily();
  return (
    <>
      <PageHeader title={T.profileTitle} subtitle={T.profileSubtitle} />
      {family.isPending ? (
        <Loading rows={8} />
      ) : family.isError ? (
        <LoadError error={family.error} onRetry={() => void family.refetch()} />
      ) : (
        <ProfileForm key={family.data.id} family={family.data} />
      )}
    </>
  );
}
