import { CopyOutlined, ExportOutlined, FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import { REGISTRATION_SETUPS_PAGE_SIZE, type TRegistrationSetupRow } from '@steward/contracts/event-registration-admin';
import { formatMoney } from '@steward/money/format';
import { parseAmount } from '@steward/money/parse';
import { Button, Flex, Grid, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { getRegistrationSetups, registrationAdminKeys } from '../../api/event-registration-admin.ts';
import { isNetworkError } from '../../api/http.ts';
import { DataTable } from '../../components/data-table.tsx';
import { formatDate } from '../../components/dates.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { useToast } from '../../components/use-toast.ts';
import { copyText } from '../giving/copy-text.ts';
import { ADD_ATTENDANCE_PATH, attendanceReportPath } from '../attendance/attendance-links.ts';
import { useSearchedPages } from '../attendance/use-searched-pages.ts';

/** The page's texts (the spec names none for this list). */
export const REGISTRATION_ADMIN_TEXTS = {
  title: 'Event Registration',
  empty: 'No event takes registration yet. Set one up with Add Attendance: registration is on by default.',
  loadFailed: 'Error getting items',
  linkCopied: 'Link Copied',
  copyFailed: 'Could not copy the link: select it and copy it yourself',
  noLimit: 'No limit',
  free: 'Free',
} as const;

const STATUS_TAG: Record<TRegistrationSetupRow['status'], { color: string; text: string }> = {
  open: { color: 'green', text: 'Open' },
  closed: { color: 'default', text: 'Closed' },
  full: { color: 'orange', text: 'Full' },
};

/** The fee per person ('₦5,000.00') or 'Free'. */
function feeText(r: TRegistrationSetupRow): string {
  if (!r.isPaidFor || r.amount === null) return REGISTRATION_ADMIN_TEXTS.free;
  try {
    return formatMoney(parseAmount(r.amount, r.currency), r.currency);
  } catch {
    return `${r.currency} ${r.amount}`;
  }
}

/** '3 / 10' with '7 left', or '3' with 'No limit'. */
function placesText(r: TRegistrationSetupRow): { taken: string; left: string } {
  if (r.slot === null) return { taken: String(r.placesTaken), left: REGISTRATION_ADMIN_TEXTS.noLimit };
  return { taken: `${r.placesTaken} / ${r.slot}`, left: `${r.placesLeft ?? 0} left` };
}

/** The cut-off in the browser's time ('11/28/2026 8:00 PM'), or '—'. */
function cutOffText(iso: string | null): string {
  return iso ? dayjs(iso).format('MM/DD/YYYY h:mm A') : '—';
}

/** 'Pages 1-20 of 42' under the table. */
const totalText = (total: number, range: [number, number]) => `${range[0]}-${range[1]} of ${total}`;

/** The row's links: the public page (new tab), copy its address, and the attendance report. */
function RowLinks({ r, onCopy }: { r: TRegistrationSetupRow; onCopy: (r: TRegistrationSetupRow) => void }) {
  const navigate = useNavigate();
  const name = `${r.eventName} of ${formatDate(r.eventDate)}`;
  return (
    <Flex gap={4} wrap>
      <Tooltip title="Open the registration page">
        <Button
          size="small"
          icon={<ExportOutlined aria-hidden />}
          href={r.registrationLink}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Open the registration page of ${name}`}
        >
          Page
        </Button>
      </Tooltip>
      <Tooltip title="Copy the registration link">
        <Button
          size="small"
          icon={<CopyOutlined aria-hidden />}
          onClick={() => onCopy(r)}
          aria-label={`Copy the registration link of ${name}`}
        >
          Copy link
        </Button>
      </Tooltip>
      <Button
        size="small"
        icon={<FileTextOutlined aria-hidden />}
        onClick={() => void navigate(attendanceReportPath(r.id))}
        aria-label={`Report of ${name}`}
      >
        Report
      </Button>
    </Flex>
  );
}

/**
 * /tenant/eventregistration (issue 12 'Admin'): the church's set-ups that take registration,
 * newest event first, 20 a page, searchable by event name: EVENT (a link to its report), DATE,
 * PLACES (taken / slot, places left), FEE (per person, or Free), CUT-OFF, STATUS (Open, Closed
 * after the cut-off, Full) and the links (the public page /event/<code> in a new tab, copy that
 * link, the report). Skeleton while loading; 'Error getting items' with 'Try again'; with none,
 * an invitation to Add Attendance. On a phone each row is one block.
 */
export function RegistrationSetupsPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const wide = Grid.useBreakpoint().md ?? true;
  const { page, setPage, search, setSearch, applied, setApplied, list, rows, total } = useSearchedPages(
    registrationAdminKeys.list,
    getRegistrationSetups,
  );

  const copy = (r: TRegistrationSetupRow) => {
    void copyText(r.registrationLink).then((ok) =>
      ok ? toast.success(REGISTRATION_ADMIN_TEXTS.linkCopied) : toast.warning(REGISTRATION_ADMIN_TEXTS.copyFailed, 5),
    );
  };
  const status = (r: TRegistrationSetupRow) => (
    <Tag color={STATUS_TAG[r.status].color} data-status={r.status}>
      {STATUS_TAG[r.status].text}
    </Tag>
  );
  const eventLink = (r: TRegistrationSetupRow) => <Link to={attendanceReportPath(r.id)}>{r.eventName}</Link>;

  const columns: TableColumnsType<TRegistrationSetupRow> = wide
    ? [
        { title: 'EVENT', key: 'event', render: (_, r) => eventLink(r) },
        { title: 'DATE', key: 'date', render: (_, r) => formatDate(r.eventDate) },
        {
          title: 'PLACES',
          key: 'places',
          render: (_, r) => {
            const p = placesText(r);
            return (
              <>
                <div style={{ fontVariantNumeric: 'tabular-nums' }}>{p.taken}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {p.left}
                </Typography.Text>
              </>
            );
          },
        },
        { title: 'FEE', key: 'fee', render: (_, r) => feeText(r) },
        { title: 'CUT-OFF', key: 'cutoff', render: (_, r) => cutOffText(r.registrationCutOffTime) },
        { title: 'STATUS', key: 'status', render: (_, r) => status(r) },
        { title: 'LINKS', key: 'links', render: (_, r) => <RowLinks r={r} onCopy={copy} /> },
      ]
    : [
        {
          title: 'EVENT',
          key: 'event',
          render: (_, r) => {
            const p = placesText(r);
            return (
              <>
                <Flex justify="space-between" align="flex-start" gap={8}>
                  <div style={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{eventLink(r)}</div>
                  {status(r)}
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
                  {`${formatDate(r.eventDate)} · ${feeText(r)}`}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
                  {`Places ${p.taken} · ${p.left}`}
                </Typography.Text>
                {r.registrationCutOffTime ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
                    {`Closes ${cutOffText(r.registrationCutOffTime)}`}
                  </Typography.Text>
                ) : null}
                <div style={{ marginTop: 6 }}>
                  <RowLinks r={r} onCopy={copy} />
                </div>
              </>
            );
          },
        },
      ];

  const addButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => void navigate(ADD_ATTENDANCE_PATH)}>
      Add Attendance
    </Button>
  );
  const header = <PageHeader title={REGISTRATION_ADMIN_TEXTS.title} actions={addButton} />;

  let body: ReactNode;
  if (list.isPending) body = <PageSkeleton rows={6} />;
  else if (list.isError && !list.data)
    body = isNetworkError(list.error) ? (
      <NetworkErrorState onRetry={() => void list.refetch()} />
    ) : (
      <div role="alert">
        <EmptyState description={REGISTRATION_ADMIN_TEXTS.loadFailed}>
          <Button onClick={() => void list.refetch()}>Try again</Button>
        </EmptyState>
      </div>
    );
  else if (applied === '' && total === 0 && page === 1)
    body = <EmptyState description={REGISTRATION_ADMIN_TEXTS.empty}>{addButton}</EmptyState>;
  else
    body = (
      <>
        <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
          <SearchBox
            value={search}
            onChange={setSearch}
            onSearch={(v) => {
              setApplied(v.trim());
              setPage(1);
            }}
            placeholder="Search by event name"
          />
        </Flex>
        <DataTable<TRegistrationSetupRow>
          rowKey="id"
          aria-label="Events taking registration"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching && list.isPlaceholderData}
          tableLayout={wide ? undefined : 'fixed'}
          scroll={wide ? { x: 'max-content' } : undefined}
          locale={{ emptyText: <EmptyState description={`No event matches '${applied}'`} /> }}
          pagination={{
            current: page,
            pageSize: REGISTRATION_SETUPS_PAGE_SIZE,
            total,
            showSizeChanger: false,
            showTotal: totalText,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
        />
      </>
    );
  return (
    <>
      {header}
      {body}
    </>
  );
}
