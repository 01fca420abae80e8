import type { TAttendanceReport } from '@steward/contracts/attendance-marking';
import { useQuery } from '@tanstack/react-query';
import { Alert, AutoComplete, Button, Card, Flex, Form, Input, InputNumber, Skeleton, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { getAttendanceTypes, markingKeys } from '../../api/attendance-marking.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ADD_OFFERING_PATH, offeringReportPath } from '../offerings/offering-links.ts';
import { failureText, REPORT_TEXTS, useReportSave } from './attendance-report-actions.ts';
import { headcountRows, headcountTotal, offeringTotals } from './attendance-report-model.ts';

/** A card with an h2 title, named by it for assistive technology. */
export function SectionCard({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Card
      role="region"
      aria-labelledby={id}
      title={
        <h2 id={id} style={{ fontSize: 16, margin: 0 }}>
          {title}
        </h2>
      }
      extra={extra}
      style={{ height: '100%' }}
    >
      {children}
    </Card>
  );
}

/** Status suggestions; any other text may be typed. */
const STATUS_OPTIONS = ['Upcoming', 'Ongoing', 'Completed', 'Cancelled'].map((value) => ({ value }));

interface ReportFieldValues {
  status: string;
  title: string;
  note: string;
}

/**
 * 'Report' card: the status (suggestions Upcoming, Ongoing, Completed, Cancelled, or any text),
 * title and note of the event's report, saved with UpdateCheckInAttendance (only these fields).
 */
export function ReportFieldsCard({ report }: { report: TAttendanceReport }) {
  const [form] = Form.useForm<ReportFieldValues>();
  const save = useReportSave(report.id);
  return (
    <SectionCard title="Report">
      <Form<ReportFieldValues>
        name="report"
        form={form}
        layout="vertical"
        initialValues={{ status: report.status, title: report.title, note: report.note }}
        onFinish={(v) =>
          save.mutate({ status: (v.status ?? '').trim(), title: (v.title ?? '').trim(), note: (v.note ?? '').trim() })
        }
      >
        <Form.Item name="status" label="Status">
          <AutoComplete options={STATUS_OPTIONS} placeholder="e.g. Completed" maxLength={100} />
        </Form.Item>
        <Form.Item name="title" label="Title">
          <Input placeholder="e.g. Sunday service report" maxLength={200} />
        </Form.Item>
        <Form.Item name="note" label="Note">
          <Input.TextArea rows={3} maxLength={5000} placeholder="What happened, what to follow up" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save report
        </Button>
      </Form>
    </SectionCard>
  );
}

/**
 * 'Head counts' card: one number per attendance type of GetAttendanceType (saved numbers
 * filled in), the total, and 'Save head counts' (UpdateCheckInAttendance `attendances`; 0
 * removes a type's count).
 */
export function HeadCountsCard({ report }: { report: TAttendanceReport }) {
  const [form] = Form.useForm<Record<string, number | null>>();
  const save = useReportSave(report.id);
  const types = useQuery({ queryKey: markingKeys.types(), queryFn: getAttendanceTypes, staleTime: 60 * 60 * 1000 });
  const rows = headcountRows(types.data ?? [], report.attendances);
  const values = Form.useWatch([], form) ?? {};
  const total = headcountTotal(rows.map((r) => ({ number: values[String(r.attendanceTypeID)] ?? r.number })));
  const saved = Object.fromEntries(rows.map((r) => [String(r.attendanceTypeID), r.number]));

  let body: ReactNode;
  if (types.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (types.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={failureText(types.error)}
        action={<Button onClick={() => void types.refetch()}>Try again</Button>}
      />
    );
  else
    body = (
      <Form
        name="headcounts"
        form={form}
        layout="horizontal"
        labelCol={{ flex: '1 1 0' }}
        wrapperCol={{ flex: '0 0 120px' }}
        labelAlign="left"
        colon={false}
        initialValues={saved}
        onFinish={(v) =>
          save.mutate({
            attendances: rows.map((r) => ({
              id: r.attendanceTypeID,
              attendanceTypeID: r.attendanceTypeID,
              number: v[String(r.attendanceTypeID)] ?? 0,
            })),
          })
        }
      >
        {rows.map((r) => (
          <Form.Item
            key={r.attendanceTypeID}
            name={String(r.attendanceTypeID)}
            label={r.name}
            style={{ marginBottom: 8 }}
          >
            <InputNumber min={0} max={999_999_999} precision={0} style={{ width: '100%' }} inputMode="numeric" />
          </Form.Item>
        ))}
        <Flex
          justify="space-between"
          align="center"
          style={{ borderTop: '1px solid #f0f0f0', paddingTop: 12, marginBottom: 16 }}
        >
          <strong>Total</strong>
          <strong aria-label="Head count total" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {total}
          </strong>
        </Flex>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save head counts
        </Button>
      </Form>
    );
  return <SectionCard title="Head counts">{body}</SectionCard>;
}

/**
 * 'Offerings' card: the event's offerings per item (read-only, in the church currency), the
 * total, the currencies left out for want of a rate, and links to the event's offering report
 * and to 'Add Offering', where offerings are recorded.
 */
export function OfferingsCard({ report }: { report: TAttendanceReport }) {
  const { rows, total } = offeringTotals(report.offerings, report.currency);
  const links = (
    <Flex gap={12} wrap>
      <Link to={offeringReportPath(report.eventDate, report.activityId)}>View offering report</Link>
      <Link to={ADD_OFFERING_PATH}>Add offering</Link>
    </Flex>
  );
  return (
    <SectionCard title="Offerings">
      {rows.length === 0 ? (
        <EmptyState description={REPORT_TEXTS.noOfferings} />
      ) : (
        <dl style={{ margin: 0 }} aria-label="Offerings by item">
          {rows.map((r) => (
            <Flex key={r.itemId} justify="space-between" gap={12} style={{ padding: '6px 0' }}>
              <dt style={{ overflowWrap: 'anywhere' }}>{r.name}</dt>
              <dd style={{ margin: 0, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{r.text}</dd>
            </Flex>
          ))}
          <Flex
            justify="space-between"
            gap={12}
            style={{ padding: '8px 0', borderTop: '1px solid #f0f0f0', marginTop: 4 }}
          >
            <dt>
              <strong>Total</strong>
            </dt>
            <dd style={{ margin: 0, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              <strong>{total}</strong>
            </dd>
          </Flex>
        </dl>
      )}
      {report.offeringUnconverted.length > 0 ? (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8 }}>
          {`Not in the total for want of an exchange rate: ${report.offeringUnconverted.join(', ')}.`}
        </Typography.Paragraph>
      ) : null}
      <div style={{ marginTop: 12 }}>{links}</div>
    </SectionCard>
  );
}
