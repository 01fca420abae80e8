import { FilterOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import { DONATION_MESSAGES, type TDonationListItem } from '@steward/contracts/donations';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Grid, Input, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  DONATIONS_PAGE_SIZE,
  donationKeys,
  getDonationsPage,
  getFilteredDonations,
  type DonationFilter,
} from '../../api/donations.ts';
import { getPaymentForms, givingKeys } from '../../api/giving.ts';
import { isNetworkError } from '../../api/http.ts';
import { DataTable } from '../../components/data-table.tsx';
import { formatDate } from '../../components/dates.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { FilterField, FilterPanel } from '../../components/filter-panel.tsx';
import { MoneyText } from '../../components/money-text.tsx';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { RowActions } from '../../components/row-actions.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { DonationsPrint } from './donations-print.tsx';
import { DonationsSummary } from './donations-summary.tsx';
import { PaymentsAttention } from './payments-attention.tsx';
import { NEW_PAYMENT_FORM_PATH, ONLINE_DONATION_PATH, PAYMENT_FORMS_PATH } from './giving-links.ts';
import { useDonationDelete } from './use-donation-delete.ts';
import './giving.css';

/** The spec's set-up invitation (giving spec 2.4), 'recieve' spelled right (DESIGN.md). */
const SET_UP_TEXT =
  'You have not added any online donation yet, Set up now to enable your church to receive online donation';

interface FilterDraft {
  donation: string;
  donor: string;
}
const NO_DRAFT: FilterDraft = { donation: '', donor: '' };

/**
 * /tenant/onlinedonate ('Online Donation', giving spec 2.4) and /tenant/payment (the donation
 * transactions screen, 2.5): 'View Payment form' and 'Add Payment form'; the period summary with
 * the total in the tenant currency, the pie chart and the 'So Far' area chart; PRINT ('DONATION
 * TRANSACTIONS'), FILTER (Donation, donor; Apply, Clear all, Hide) and the search box ('Search...',
 * the donation's name); the table (date, donation, amount, channel, donor, action: Delete), 50 a
 * page with total, pager and jumper; 'Record not available in database' when nothing matches.
 * A church without donations or payment forms sees the set-up invitation with 'Set up now'.
 */
export function DonationsPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // /tenant/onlinedonation is the existing client's name of the same page (DonateOnline)
  const onlineDonate = ['/tenant/onlinedonation', ONLINE_DONATION_PATH].includes(
    pathname.toLowerCase().replace(/\/+$/, ''),
  );
  const wide = Grid.useBreakpoint().md ?? true;
  const [page, setPage] = useState(1);
  const [filterPage, setFilterPage] = useState(1);
  const [filter, setFilter] = useState<DonationFilter | null>(null);
  const [search, setSearch] = useState('');
  const [filterOpen, setFilterOpen] = useState(false);
  const [draft, setDraft] = useState<FilterDraft>(NO_DRAFT);
  const deleteDonation = useDonationDelete();

  const paged = useQuery({
    queryKey: donationKeys.page(page),
    queryFn: () => getDonationsPage(page),
    placeholderData: keepPreviousData,
    enabled: filter === null,
  });
  const filtered = useQuery({
    queryKey: donationKeys.filtered(filter ?? {}),
    queryFn: () => getFilteredDonations(filter ?? {}),
    enabled: filter !== null,
  });
  const noDonations = filter === null && page === 1 && paged.isSuccess && paged.data.totalItems === 0;
  // with no donation yet, a church that has no payment form either is invited to set one up
  const forms = useQuery({
    queryKey: givingKeys.forms(''),
    queryFn: () => getPaymentForms(),
    enabled: noDonations,
  });
  const active = filter === null ? paged : filtered;
  const rows: TDonationListItem[] = filter === null ? (paged.data?.data ?? []) : (filtered.data ?? []);

  const applyFilter = (next: DonationFilter | null) => {
    setFilter(next);
    setFilterPage(1);
  };
  const onSearch = (text: string) => applyFilter(text.trim() ? { contribution: text.trim() } : null);
  const onApply = () => {
    const contribution = draft.donation.trim();
    const donor = draft.donor.trim();
    applyFilter(contribution || donor ? { contribution, donor } : null);
  };
  const onClear = () => {
    setDraft(NO_DRAFT);
    setSearch('');
    applyFilter(null);
  };

  const actions = (r: TDonationListItem) => (
    <RowActions
      name={`${r.contribution} of ${formatDate(r.date)}`}
      actions={[{ key: 'delete', label: 'Delete', danger: true, onClick: () => deleteDonation(r.id) }]}
    />
  );
  const amount = (r: TDonationListItem) => <MoneyText amount={r.amount} currency={r.currencyName} />;
  const columns: TableColumnsType<TDonationListItem> = wide
    ? [
        { title: 'DATE', dataIndex: 'date', key: 'date', render: (d: string) => formatDate(d) },
        { title: 'DONATION', dataIndex: 'contribution', key: 'contribution' },
        { title: 'AMOUNT', key: 'amount', align: 'right', render: (_, r) => amount(r) },
        { title: 'CHANNEL', dataIndex: 'channel', key: 'channel' },
        { title: 'DONOR', dataIndex: 'donor', key: 'donor', render: (d: string) => d || '—' },
        { title: 'ACTION', key: 'action', width: 90, render: (_, r) => actions(r) },
      ]
    : [
        {
          title: 'DONATION',
          key: 'contribution',
          render: (_, r) => (
            <>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {`${formatDate(r.date)} · ${r.channel}`}
              </Typography.Text>
              <div style={{ overflowWrap: 'anywhere' }}>{r.contribution}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                {r.donor || '—'}
              </Typography.Text>
            </>
          ),
        },
        { title: 'AMOUNT', key: 'amount', align: 'right', width: 120, render: (_, r) => amount(r) },
        {
          title: <span className="visually-hidden">ACTION</span>,
          key: 'action',
          width: 48,
          render: (_, r) => actions(r),
        },
      ];

  const header = (
    <PageHeader
      title={onlineDonate ? 'Online Donation' : 'Donation Transactions'}
      actions={
        <>
          <Button onClick={() => void navigate(PAYMENT_FORMS_PATH)}>View Payment form</Button>
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => void navigate(NEW_PAYMENT_FORM_PATH)}
          >
            Add Payment form
          </Button>
        </>
      }
    />
  );

  if (noDonations && forms.isSuccess && forms.data.length === 0)
    return (
      <>
        {header}
        <EmptyState description={SET_UP_TEXT}>
          <Link to={NEW_PAYMENT_FORM_PATH}>Set up now</Link>
        </EmptyState>
      </>
    );

  let body: ReactNode;
  if (active.isPending || (noDonations && forms.isPending)) body = <PageSkeleton rows={8} />;
  else if (active.isError && !active.data)
    body = isNetworkError(active.error) ? (
      <NetworkErrorState onRetry={() => void active.refetch()} />
    ) : (
      <EmptyState description="The donations could not be loaded.">
        <Button onClick={() => void active.refetch()}>Try again</Button>
      </EmptyState>
    );
  else
    body = (
      <DataTable<TDonationListItem>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={active.isFetching && !active.isPending}
        tableLayout={wide ? undefined : 'fixed'}
        scroll={wide ? { x: 'max-content' } : undefined}
        locale={{ emptyText: <EmptyState description={DONATION_MESSAGES.recordNotAvailable} /> }}
        pagination={{
          pageSize: DONATIONS_PAGE_SIZE,
          showSizeChanger: false,
          showQuickJumper: true,
          showTotal: (total) => `Total ${total} item${total === 1 ? '' : 's'}`,
          ...(filter === null
            ? { current: page, total: paged.data?.totalItems ?? 0, onChange: setPage }
            : { current: filterPage, onChange: setFilterPage }),
        }}
      />
    );

  return (
    <>
      {header}
      <PaymentsAttention />
      <DonationsSummary />
      <Flex gap={8} wrap justify="space-between" align="center" style={{ marginBottom: 12 }} className="no-print">
        <SearchBox value={search} onChange={setSearch} onSearch={onSearch} placeholder="Search..." />
        <Flex gap={8} wrap>
          <Button icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()} disabled={rows.length === 0}>
            PRINT
          </Button>
          <Button
            icon={<FilterOutlined aria-hidden />}
            aria-expanded={filterOpen}
            onClick={() => setFilterOpen((o) => !o)}
          >
            FILTER
          </Button>
        </Flex>
      </Flex>
      <FilterPanel open={filterOpen} onApply={onApply} onClear={onClear} onHide={() => setFilterOpen(false)}>
        <FilterField label="Donation">
          <Input value={draft.donation} onChange={(e) => setDraft({ ...draft, donation: e.target.value })} />
        </FilterField>
        <FilterField label="donor">
          <Input value={draft.donor} onChange={(e) => setDraft({ ...draft, donor: e.target.value })} />
        </FilterField>
      </FilterPanel>
      {body}
      <DonationsPrint rows={rows} />
    </>
  );
}
