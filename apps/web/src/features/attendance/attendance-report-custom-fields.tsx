import type { TAttendanceReport } from '@steward/contracts/attendance-marking';
import { CONTROL, type TCustomField } from '@steward/contracts/custom-fields';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, DatePicker, Form, Input, InputNumber, Select, Skeleton, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { settingsKeys } from '../../api/query-keys.ts';
import { getCustomFields } from '../../api/settings.ts';
import { DATE_FORMAT, ISO_DATE } from '../../components/dates.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { optionsOf } from '../settings/custom-fields/custom-field-model.ts';
import { failureText, REPORT_TEXTS, useReportSave } from './attendance-report-actions.ts';
import { SectionCard } from './attendance-report-cards.tsx';
import { customDataToForm, customFormToData, type CustomFieldFormValue } from './attendance-report-model.ts';

/** The custom fields' entity: CheckInAttendance (contracts ENTITY_TYPES). */
const CHECK_IN_ATTENDANCE_ENTITY = 5;

type Values = Record<string, CustomFieldFormValue | Dayjs>;

/**
 * The input of one field by its control type (Image answers are shown, not edited here). A plain
 * function, not a component: Form.Item gives its value and onChange to the element returned.
 */
function fieldInput(field: TCustomField, data: string): ReactNode {
  const options = optionsOf(field).map((o) => ({ value: o, label: o }));
  switch (field.controlType) {
    case CONTROL.DropdownList:
      return <Select allowClear options={options} placeholder="Select" />;
    case CONTROL.MultiSelectDropdownList:
      return <Select mode="multiple" allowClear options={options} placeholder="Select" />;
    case CONTROL.CheckBox:
      return <Checkbox>Yes</Checkbox>;
    case CONTROL.DateTime:
      return <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />;
    case CONTROL.Number:
      return <InputNumber style={{ width: '100%' }} />;
    case CONTROL.Email:
      return <Input type="email" />;
    case CONTROL.Image:
      return data ? (
        <Typography.Link href={data} target="_blank" rel="noreferrer">
          Open image
        </Typography.Link>
      ) : (
        <Typography.Text type="secondary">No image</Typography.Text>
      );
    default:
      return <Input />;
  }
}

/** A stored answer as the field's input takes it (dates as Dayjs). */
function toInput(field: TCustomField, data: string): CustomFieldFormValue | Dayjs {
  if (field.controlType === CONTROL.DateTime) return data && dayjs(data).isValid() ? dayjs(data) : null;
  return customDataToForm(field.controlType, data);
}

/** An input's value back as stored text (dates as YYYY-MM-DD). */
function fromInput(value: CustomFieldFormValue | Dayjs | undefined): string {
  if (dayjs.isDayjs(value)) return value.format(ISO_DATE);
  return customFormToData(value);
}

/**
 * 'Custom fields' card: the church's custom fields of entity 5 (CheckInAttendance, Custom Field
 * Setup) in their order, filled with the set-up's answers (`customAttributeData`), saved with
 * UpdateCheckInAttendance (`{customAttributeID, data, entityID}`, entityID = the set-up's id).
 * Without such fields it says so and links to Custom Field Setup.
 */
export function CustomFieldsCard({ report }: { report: TAttendanceReport }) {
  const save = useReportSave(report.id);
  const fields = useQuery({ queryKey: settingsKeys.customFields(), queryFn: getCustomFields });
  const mine = (fields.data ?? [])
    .filter((f) => f.entityType === CHECK_IN_ATTENDANCE_ENTITY)
    .sort((a, b) => a.order - b.order);
  const answers = new Map(report.customAttributeData.map((d) => [d.customAttributeID, d.data]));

  let body: ReactNode;
  if (fields.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (fields.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={failureText(fields.error)}
        action={<Button onClick={() => void fields.refetch()}>Try again</Button>}
      />
    );
  else if (mine.length === 0)
    body = (
      <EmptyState description={REPORT_TEXTS.noCustomFields}>
        <Link to="/tenant/settings/customfieldsetup">Set up custom fields</Link>
      </EmptyState>
    );
  else {
    const initial: Values = Object.fromEntries(mine.map((f) => [f.id, toInput(f, answers.get(f.id) ?? '')]));
    body = (
      <Form<Values>
        name="customfields"
        layout="vertical"
        initialValues={initial}
        onFinish={(v) =>
          save.mutate({
            customAttributeData: mine
              .filter((f) => f.controlType !== CONTROL.Image)
              .map((f) => ({ customAttributeID: f.id, data: fromInput(v[f.id]), entityID: report.id })),
          })
        }
      >
        {mine.map((f) =>
          f.controlType === CONTROL.Image ? (
            <Form.Item key={f.id} label={f.label}>
              {fieldInput(f, answers.get(f.id) ?? '')}
            </Form.Item>
          ) : (
            <Form.Item
              key={f.id}
              name={f.id}
              label={f.label}
              valuePropName={f.controlType === CONTROL.CheckBox ? 'checked' : 'value'}
              rules={f.controlType === CONTROL.Email ? [{ type: 'email', message: 'Enter an e-mail address' }] : []}
            >
              {fieldInput(f, answers.get(f.id) ?? '')}
            </Form.Item>
          ),
        )}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save custom fields
        </Button>
      </Form>
    );
  }
  return <SectionCard title="Custom fields">{body}</SectionCard>;
}
