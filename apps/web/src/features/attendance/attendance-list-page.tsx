import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ATTENDANCE_PAGE_SIZE,
  ATTENDANCE_SETUP_MESSAGES,
  type TAttendanceSetupListItem,
} from '@steward/contracts/attendance-setup';
import { MESSAGES } from '@steward/contracts/messages';
import { Button, Flex, Grid, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { attendanceKeys, getAttendances } from '../../api/attendance.ts';
import { isNetworkError } from '../../api/http.ts';
import { DataTable } from '../../components/data-table.tsx';
import { formatDate } from '../../components/dates.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { RowActions } from '../../components/row-actions.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import {
  ADD_ATTENDANCE_PATH,
  attendanceReportPath,
  checkinTypePath,
  editAttendancePath,
  publicCheckinPath,
} from './attendance-links.ts';
import { ATTENDANCE_TEXTS } from './attendance-texts.ts';
import { useAttendanceDelete } from './use-attendance-delete.ts';
import { useCheckoutEveryone } from './use-checkout-everyone.ts';
import './attendance.css';
import { useSearchedPages } from './use-searched-pages.ts';

/** A row's CheckinType link (spec 2.10: event, date and group link there). */
function typePath(a: TAttendanceSetupListItem): string {
  return checkinTypePath({
    activityID: a.eventID,
    activityName: a.fullEventName,
    groupId: a.groupID ?? '',
    groupName: a.fullGroupName,
    id: a.id,
    code: a.attendanceCode,
  });
}

/** 'Showing 1-50 of 120' under the table (pagination 'total'). */
function totalText(total: number, range: [number, number]): string {
  return `${range[0]}-${range[1]} of ${total}`;
}

/**
 * /tenant/attendancecheckin, route AttendanceList (spec 2.10, §8, §9): 'Attendance & Check-in'
 * with 'Add Attendance'; a search by event name (the server's, on Enter or the button); columns
 * EVENT NAME, DATE, GROUP NAME (each a link to the set-up's CheckinType page) and ACTION (View
 * Details, Checkin (the public check-in page in a new tab), Edit, Check out everyone, Delete);
 * rows can be ticked and deleted together with the bin icon ('Delete attendance(s)'). 50 a page,
 * pagination total, prev, pager, next, jumper. Skeleton while loading; 'Error getting items'
 * when the list cannot be read; an invitation to set one up when there is none.
 */
export function AttendanceListPage() {
  const navigate = useNavigate();
  const wide = Grid.useBreakpoint().md ?? true;
  const [selected, setSelected] = useState<string[]>([]);
  const { page, setPage, search, setSearch, applied, setApplied, list, rows, total } = useSearchedPages(
    attendanceKeys.list,
    getAttendances,
  );
  const askDelete = useAttendanceDelete((ids) => {
    setSelected((s) => s.filter((id) => !ids.includes(id)));
    // the last rows of a later page gone: show the page before
    if (page > 1 && ids.length >= rows.length) setPage((p) => Math.max(1, p - 1));
  });
  const checkout = useCheckoutEveryone();

  const actions = (a: TAttendanceSetupListItem) => (
    <RowActions
      name={`${a.fullEventName} of ${formatDate(a.eventDate)}`}
      actions={[
        { key: 'view', label: 'View Details', onClick: () => void navigate(attendanceReportPath(a.id)) },
        {
          key: 'checkin',
          label: 'Checkin',
          onClick: () => window.open(publicCheckinPath(a.attendanceCode), '_blank', 'noopener'),
        },
        { key: 'edit', label: 'Edit', onClick: () => void navigate(editAttendancePath(a.id)) },
        { key: 'checkout', label: 'Check out everyone', onClick: () => checkout(a.id, a.fullEventName) },
        { key: 'delete', label: 'Delete', danger: true, onClick: () => askDelete([a.id]) },
      ]}
    />
  );
  const link = (a: TAttendanceSetupListItem, text: ReactNode, label?: string) => (
    <Link to={typePath(a)} aria-label={label}>
      {text}
    </Link>
  );
  const columns: TableColumnsType<TAttendanceSetupListItem> = wide
    ? [
        { title: 'EVENT NAME', key: 'event', render: (_, a) => link(a, a.fullEventName) },
        {
          title: 'DATE',
          key: 'date',
          render: (_, a) => link(a, formatDate(a.eventDate), `${a.fullEventName} on ${formatDate(a.eventDate)}`),
        },
        {
          title: 'GROUP NAME',
          key: 'group',
          render: (_, a) =>
            link(
              a,
              <span className="attendance-list-groups">{a.fullGroupName || '—'}</span>,
              `Groups of ${a.fullEventName}: ${a.fullGroupName}`,
            ),
        },
        { title: 'ACTION', key: 'action', width: 90, render: (_, a) => actions(a) },
      ]
    : [
        {
          title: 'EVENT NAME',
          key: 'event',
          render: (_, a) => (
            <>
              <div style={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{link(a, a.fullEventName)}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                {`${formatDate(a.eventDate)} · ${a.fullGroupName || '—'}`}
              </Typography.Text>
            </>
          ),
        },
        {
          title: <span className="visually-hidden">ACTION</span>,
          key: 'action',
          width: 48,
          render: (_, a) => actions(a),
        },
      ];

  const addButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => void navigate(ADD_ATTENDANCE_PATH)}>
      Add Attendance
    </Button>
  );
  const header = <PageHeader title="Attendance & Check-in" actions={addButton} />;
  const toolbar = (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
      <SearchBox
        value={search}
        onChange={setSearch}
        onSearch={(v) => {
          setApplied(v.trim());
          setPage(1);
          setSelected([]);
        }}
        placeholder="Search by event name"
      />
      {selected.length > 0 ? (
        <Flex gap={8} align="center">
          <Tooltip title={ATTENDANCE_SETUP_MESSAGES.deleteTooltip}>
            <Button
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={ATTENDANCE_SETUP_MESSAGES.deleteTooltip}
              onClick={() => askDelete(selected)}
            />
          </Tooltip>
          <Typography.Text type="secondary">{`${selected.length} selected`}</Typography.Text>
        </Flex>
      ) : null}
    </Flex>
  );

  let body: ReactNode;
  if (list.isPending) body = <PageSkeleton rows={6} />;
  else if (list.isError && !list.data)
    body = (
      <div role="alert">
        <EmptyState
          description={
            <>
              <div>{ATTENDANCE_SETUP_MESSAGES.errorGettingItems}</div>
              {isNetworkError(list.error) ? (
                <Typography.Text type="secondary">{MESSAGES.networkDisrupted}</Typography.Text>
              ) : null}
            </>
          }
        >
          <Button onClick={() => void list.refetch()}>Try again</Button>
        </EmptyState>
      </div>
    );
  else if (applied === '' && total === 0 && page === 1)
    return (
      <>
        {header}
        <EmptyState description={ATTENDANCE_TEXTS.listEmpty}>{addButton}</EmptyState>
      </>
    );
  else
    body = (
      <DataTable<TAttendanceSetupListItem>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching && list.isPlaceholderData}
        tableLayout={wide ? undefined : 'fixed'}
        scroll={wide ? { x: 'max-content' } : undefined}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          columnWidth: 44,
          getCheckboxProps: (a) => ({ 'aria-label': `Select ${a.fullEventName} of ${formatDate(a.eventDate)}` }),
        }}
        locale={{ emptyText: <EmptyState description={`No attendance matches '${applied}'`} /> }}
        pagination={{
          current: page,
          pageSize: ATTENDANCE_PAGE_SIZE,
          total,
          showSizeChanger: false,
          showQuickJumper: true,
          showTotal: totalText,
          onChange: (p) => {
            setPage(p);
            setSelected([]);
          },
        }}
      />
    );

  return (
    <>
      {header}
      {toolbar}
      {body}
    </>
  );
}
