import { ArrowLeftOutlined, DownloadOutlined, EditOutlined } from '@ant-design/icons';
import type { TAttendanceReport } from '@steward/contracts/attendance-marking';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Row, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { getAttendanceReport, markingKeys } from '../../api/attendance-marking.ts';
import { downloadFile, registrationsExportUrl } from '../../api/event-registration-admin.ts';
import { HttpError, isNetworkError } from '../../api/http.ts';
import { formatDate } from '../../components/dates.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { failureText, REPORT_TEXTS } from './attendance-report-actions.ts';
import { ATTENDANCE_LIST_PATH, editSetUpPath } from './attendance-report-links.ts';
import { AddPersonDialog } from './attendance-report-add-person.tsx';
import { HeadCountsCard, OfferingsCard, ReportFieldsCard } from './attendance-report-cards.tsx';
import { CustomFieldsCard } from './attendance-report-custom-fields.tsx';
import { attendanceCounts } from './attendance-report-model.ts';
import { PeopleCard } from './attendance-report-people.tsx';

/** One figure of the summary: 'Present 12'. */
function Figure({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <div>
      <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)' }}>{label}</div>
      <div data-figure={label} style={{ fontSize: 24, fontWeight: 600, color, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </div>
    </div>
  );
}

/** The event: banner, details, public code and the figures (registered, present, checked out, absent, head count). */
function EventSummary({ report }: { report: TAttendanceReport }) {
  const counts = attendanceCounts(report.peopoleAttendancesDTOs);
  return (
    <Card style={{ marginBottom: 16 }}>
      <Flex gap={20} wrap>
        {report.bannerImage ? (
          <img
            src={report.bannerImage}
            alt={`${report.eventName} banner`}
            style={{ width: 220, maxWidth: '100%', maxHeight: 140, objectFit: 'cover', borderRadius: 8 }}
          />
        ) : null}
        <div style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Flex gap={8} wrap align="center" style={{ marginBottom: 4 }}>
            {report.status ? <Tag color="blue">{report.status}</Tag> : null}
            {report.title ? <Typography.Text strong>{report.title}</Typography.Text> : null}
          </Flex>
          {report.details ? (
            <Typography.Paragraph
              style={{ whiteSpace: 'pre-wrap', marginBottom: 8 }}
              ellipsis={{ rows: 4, expandable: true }}
            >
              {report.details}
            </Typography.Paragraph>
          ) : (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              No details for this event.
            </Typography.Paragraph>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Check-in code <Typography.Text code>{report.attendanceCode}</Typography.Text>
          </Typography.Text>
        </div>
        <div
          role="group"
          aria-label="Attendance figures"
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(84px, 1fr))',
            gap: 12,
            flex: '1 1 240px',
            minWidth: 0,
            maxWidth: 520,
            alignSelf: 'flex-start',
          }}
        >
          <Figure label="Registered" value={counts.registered} />
          <Figure label="Present" value={counts.present} color="#389e0d" />
          <Figure label="Checked out" value={counts.checkedOut} />
          <Figure label="Absent" value={counts.absent} />
          <Figure label="Head count" value={report.headCountTotal} />
        </div>
      </Flex>
    </Card>
  );
}

/**
 * /tenant/attendancecheckin/report/:id (route AttendanceReport) and
 * /tenant/attendancecheckin/mark?id= (MarkAttendance): the attendance report and marking page
 * of a check-in set-up (issue 11 'Admin', third bullet; existing-client-api §4.1). The event
 * (banner, details, figures), the people registered or checked in with mark present / check out
 * / mark all / check out all / add a person / remove, the report's status, title and note, the
 * head counts by attendance type, the event's offerings per item and the set-up's custom fields.
 * 'Export Registrations' downloads the registrations as xlsx (issue 12 'Admin').
 * Skeleton while loading; a 404 says the attendance was not found; a network failure offers
 * 'Try again'.
 */
export function AttendanceReportPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const setUpId = params.id ?? search.get('id') ?? '';
  const [adding, setAdding] = useState(false);
  const report = useQuery({
    queryKey: markingKeys.report(setUpId),
    queryFn: () => getAttendanceReport(setUpId),
    enabled: setUpId !== '',
    retry: (count, err) => !(err instanceof HttpError && err.status < 500) && count < 2,
  });

  const back = (
    <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => void navigate(ATTENDANCE_LIST_PATH)}>
      Attendance list
    </Button>
  );

  if (
    setUpId === '' ||
    (report.isError && report.error instanceof HttpError && [400, 404].includes(report.error.status))
  )
    return (
      <>
        <PageHeader title="Attendance report" actions={back} />
        <EmptyState description={REPORT_TEXTS.notFound}>{back}</EmptyState>
      </>
    );
  if (report.isPending)
    return (
      <>
        <PageHeader title="Attendance report" actions={back} />
        <PageSkeleton rows={10} />
      </>
    );
  if (report.isError) {
    const body: ReactNode = isNetworkError(report.error) ? (
      <NetworkErrorState onRetry={() => void report.refetch()} />
    ) : (
      <EmptyState description={`${REPORT_TEXTS.loadFailed}: ${failureText(report.error)}`}>
        <Button onClick={() => void report.refetch()}>Try again</Button>
      </EmptyState>
    );
    return (
      <>
        <PageHeader title="Attendance report" actions={back} />
        {body}
      </>
    );
  }

  const data = report.data;
  const people = data.peopoleAttendancesDTOs;
  return (
    <>
      <PageHeader
        title={data.eventName}
        subtitle={formatDate(data.eventDate)}
        actions={
          <>
            {back}
            <Button icon={<EditOutlined aria-hidden />} onClick={() => void navigate(editSetUpPath(data.id))}>
              Edit set-up
            </Button>
            <Button
              icon={<DownloadOutlined aria-hidden />}
              onClick={() => downloadFile(registrationsExportUrl(data.id))}
            >
              Export Registrations
            </Button>
          </>
        }
      />
      <EventSummary report={data} />
      <PeopleCard setUpId={data.id} eventDate={data.eventDate} people={people} onAddPerson={() => setAdding(true)} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <HeadCountsCard report={data} />
        </Col>
        <Col xs={24} lg={12}>
          <OfferingsCard report={data} />
        </Col>
        <Col xs={24} lg={12}>
          <ReportFieldsCard report={data} />
        </Col>
        <Col xs={24} lg={12}>
          <CustomFieldsCard report={data} />
        </Col>
      </Row>
      <AddPersonDialog
        open={adding}
        setUpId={data.id}
        listedPersonIds={new Set(people.map((p) => p.personID))}
        onClose={() => setAdding(false)}
      />
    </>
  );
}
