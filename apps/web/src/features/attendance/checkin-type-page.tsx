import {
  ArrowLeftOutlined,
  CheckSquareOutlined,
  CopyOutlined,
  DownloadOutlined,
  EditOutlined,
  ExportOutlined,
  FileTextOutlined,
  PrinterOutlined,
} from '@ant-design/icons';
import type { TAttendanceItem } from '@steward/contracts/attendance-setup';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState, type ReactNode } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { attendanceKeys, getAttendanceItem } from '../../api/attendance.ts';
import { HttpError, isNetworkError } from '../../api/http.ts';
import { useCurrentUser } from '../../app/current-user.ts';
import { formatDate } from '../../components/dates.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { useToast } from '../../components/use-toast.ts';
import { copyText, qrFileName } from '../giving/copy-text.ts';
import { ATTENDANCE_LIST_PATH, attendanceReportPath, editAttendancePath } from './attendance-links.ts';
import { ATTENDANCE_TEXTS } from './attendance-texts.ts';
import './attendance.css';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 };

/** The marking page of a set-up (existing-client-api §1.6 MarkAttendance, `?id=`). */
function markPath(id: string): string {
  return `${ATTENDANCE_LIST_PATH}/mark?id=${encodeURIComponent(id)}`;
}

/** A cut-off instant as the UI writes it: 'MM/DD/YYYY hh:mm A'; 'None' when there is none. */
function cutOffLabel(value: string | null): string {
  return value ? dayjs(value).format('MM/DD/YYYY hh:mm A') : 'None';
}

type Kind = 'checkin' | 'registration';

interface LinkCardProps {
  kind: Kind;
  title: string;
  hint: string;
  link: string;
  qr: string;
  eventName: string;
  onPrint: (kind: Kind) => void;
}

/** One link (check-in or registration): the address to copy or open, and its QR code to download or print. */
function LinkCard({ kind, title, hint, link, qr, eventName, onPrint }: LinkCardProps) {
  const toast = useToast();
  const input = useRef<HTMLInputElement | null>(null);
  const lower = title.toLowerCase();
  const copy = async () => {
    if (await copyText(link, input.current)) toast.success(ATTENDANCE_TEXTS.linkCopied);
    else toast.warning(ATTENDANCE_TEXTS.copyFailed, 5);
  };
  return (
    <section aria-label={title} className="attendance-card">
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        {hint}
      </Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          ref={(r) => {
            input.current = r?.input ?? null;
          }}
          value={link}
          readOnly
          aria-label={title}
          onFocus={(e) => e.currentTarget.select()}
          style={mono}
        />
        <Button icon={<CopyOutlined aria-hidden />} aria-label={`Copy ${lower}`} onClick={() => void copy()} />
      </Space.Compact>
      <Button
        type="link"
        icon={<ExportOutlined aria-hidden />}
        href={link}
        target="_blank"
        rel="noreferrer"
        style={{ paddingInline: 0, marginTop: 4 }}
      >
        {`Open ${kind === 'checkin' ? 'the check-in page' : 'the registration page'}`}
      </Button>
      <img src={qr} alt={`QR code of the ${lower}`} className="checkin-type-qr" width={200} height={200} />
      <Flex gap={8} justify="center" wrap style={{ marginTop: 12 }}>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          href={qr}
          download={qrFileName(`${eventName} ${kind}`)}
          aria-label={`Download the QR code of the ${lower}`}
        >
          Download
        </Button>
        <Button
          icon={<PrinterOutlined aria-hidden />}
          onClick={() => onPrint(kind)}
          aria-label={`Print the QR code of the ${lower}`}
        >
          Print
        </Button>
      </Flex>
    </section>
  );
}

/** The page of a loaded set-up. */
function CheckinType({ item, groupName }: { item: TAttendanceItem; groupName: string }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [printing, setPrinting] = useState<Kind>('checkin');
  const print = (kind: Kind) => {
    // the poster must show the chosen code before the browser lays the page out for printing
    flushSync(() => setPrinting(kind));
    window.print();
  };
  const poster =
    printing === 'checkin'
      ? { qr: item.qrCodeCheckin, link: item.attendanceCheckinLink, call: 'Scan to check in' }
      : { qr: item.qrCodeRegistration, link: item.attendanceRegistrationLink, call: 'Scan to register' };

  return (
    <div className="checkin-type">
      <section aria-label="Event" className="attendance-card">
        <Flex justify="space-between" align="flex-start" gap={12} wrap>
          <div>
            <Typography.Text type="secondary">Event</Typography.Text>
            <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }} data-testid="event-name">
              {item.fullEventName}
            </Typography.Title>
          </div>
          <Tag color={item.isPaidFor ? 'gold' : 'green'}>{item.isPaidFor ? 'Paid' : 'Free'}</Tag>
        </Flex>
        <dl className="checkin-type-facts">
          {[
            ['Date', formatDate(item.eventDate)],
            ['Groups', item.fullGroupName || groupName || '—'],
            ['Check-in closes', cutOffLabel(item.checkInCutOffTime)],
            ['Registration closes', cutOffLabel(item.registrationCutOffTime)],
          ].map(([label, value]) => (
            <div key={label} className="checkin-type-fact">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <Flex gap={8} wrap style={{ marginTop: 12 }}>
          <Button
            type="primary"
            icon={<CheckSquareOutlined aria-hidden />}
            onClick={() => void navigate(markPath(item.id))}
          >
            Mark Attendance
          </Button>
          <Button icon={<FileTextOutlined aria-hidden />} onClick={() => void navigate(attendanceReportPath(item.id))}>
            View Report
          </Button>
          <Button icon={<EditOutlined aria-hidden />} onClick={() => void navigate(editAttendancePath(item.id))}>
            Edit
          </Button>
        </Flex>
      </section>

      <div className="checkin-type-links">
        <LinkCard
          kind="checkin"
          title="Check-in link"
          hint="People open it (or scan the code) on their phone to check themselves in with their phone number."
          link={item.attendanceCheckinLink}
          qr={item.qrCodeCheckin}
          eventName={item.fullEventName}
          onPrint={print}
        />
        <LinkCard
          kind="registration"
          title="Registration link"
          hint="Share it before the event: people register themselves and their family, and pay when the event is paid."
          link={item.attendanceRegistrationLink}
          qr={item.qrCodeRegistration}
          eventName={item.fullEventName}
          onPrint={print}
        />
      </div>

      <section aria-label="Child check-in" className="attendance-card">
        <Typography.Title level={2} style={{ fontSize: 16, marginTop: 0 }}>
          Child check-in
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ fontSize: 13, marginBottom: 8 }}>
          Parents sign in here to pre-check their children in; volunteers check families in at{' '}
          <Link to="/tenant/childcheckin">Child Check-in</Link>.
        </Typography.Paragraph>
        <Typography.Text copyable={{ text: item.childCheckinLink }} style={mono}>
          {item.childCheckinLink}
        </Typography.Text>
      </section>

      {createPortal(
        <div className="print-only" aria-hidden>
          <div className="attendance-qr-poster">
            <h1>{user.churchName}</h1>
            <h2>{`${item.fullEventName} · ${formatDate(item.eventDate)}`}</h2>
            <img src={poster.qr} alt="" width={360} height={360} />
            <p className="attendance-qr-poster-call">{poster.call}</p>
            <p className="attendance-qr-poster-link">{poster.link}</p>
          </div>
        </div>,
        document.body,
      )}
    </div>
  );
}

/**
 * /tenant/attendancecheckin/type, route CheckinType (and /tenant/attendancecheckin/qr, route
 * AttendanceQR), with the query activityID, activityName, groupId, groupName, id, code (spec 2.9,
 * 2.10): the set-up's event, date, groups and cut-offs; 'Mark Attendance', 'View Report' and
 * 'Edit'; the check-in link and the registration link (GET AttendanceItem), each to copy ('Link
 * Copied'), open in a new tab, and with its QR code to download or print as a one-page poster
 * (church, event and date, the code, 'Scan to check in' or 'Scan to register', the link); the
 * family portal's child check-in link.
 */
export function CheckinTypePage() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const key = query.get('id') || query.get('code') || '';
  const item = useQuery({
    queryKey: attendanceKeys.item(key),
    queryFn: () => getAttendanceItem(key),
    enabled: key !== '',
  });

  let body: ReactNode;
  const missing = (
    <EmptyState description={ATTENDANCE_TEXTS.notFound}>
      <Button onClick={() => void navigate(ATTENDANCE_LIST_PATH)}>Back to Attendance & Check-in</Button>
    </EmptyState>
  );
  if (key === '') body = missing;
  else if (item.isPending) body = <PageSkeleton rows={10} />;
  else if (item.isError) {
    if (isNetworkError(item.error)) body = <NetworkErrorState onRetry={() => void item.refetch()} />;
    else if (item.error instanceof HttpError && [400, 404].includes(item.error.status)) body = missing;
    else
      body = (
        <EmptyState description={ATTENDANCE_TEXTS.loadFailed}>
          <Button onClick={() => void item.refetch()}>Try again</Button>
        </EmptyState>
      );
  } else body = <CheckinType item={item.data} groupName={query.get('groupName') ?? ''} />;

  return (
    <>
      <PageHeader
        title="Check-in and Registration"
        subtitle={
          <Link to={ATTENDANCE_LIST_PATH}>
            <ArrowLeftOutlined aria-hidden /> Attendance & Check-in
          </Link>
        }
      />
      {body}
    </>
  );
}
