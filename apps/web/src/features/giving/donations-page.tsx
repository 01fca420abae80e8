import { PlusOutlined } from '@ant-design/icons';
import { DONATION_MESSAGES, type TDonationListItem } from '@steward/contracts/donations';
import { useQuery } from '@tanstack/react-query';
import { Button, Grid, Input } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { DONATIONS_PAGE_SIZE, donationKeys, getDonationsPage, getFilteredDonations } from '../../api/donations.ts';
import { getPaymentForms, givingKeys } from '../../api/giving.ts';
import { isNetworkError } from '../../api/http.ts';
import { DataTable } from '../../components/data-table.tsx';
import { formatDate } from '../../components/dates.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { FilterField, FilterPanel } from '../../components/filter-panel.tsx';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { RowActions } from '../../components/row-actions.tsx';
import { transactionColumns } from '../../components/transaction-columns.tsx';
import { TransactionsPrint } from '../../components/transactions-print.tsx';
import { TransactionsToolbar } from '../../components/transactions-toolbar.tsx';
import { useTransactionList } from '../../components/use-transaction-list.ts';
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
  const list = useTransactionList<TDonationListItem, FilterDraft>({
    keys: donationKeys,
    getPage: getDonationsPage,
    getFiltered: getFilteredDonations,
    emptyDraft: NO_DRAFT,
    draftText: (d) => ({ contribution: d.donation, donor: d.donor }),
  });
  const { active, rows, draft, setDraft } = list;
  const deleteDonation = useDonationDelete();
  // with no donation yet, a church that has no payment form either is invited to set one up
  const forms = useQuery({
    queryKey: givingKeys.forms(''),
    queryFn: () => getPaymentForms(),
    enabled: list.noRows,
  });

  const actions = (r: TDonationListItem) => (
    <RowActions
      name={`${r.contribution} of ${formatDate(r.date)}`}
      actions={[{ key: 'delete', label: 'Delete', danger: true, onClick: () => deleteDonation(r.id) }]}
    />
  );
  const columns = transactionColumns<TDonationListItem>({
    wide,
    titles: { date: 'DATE', item: 'DONATION', channel: 'CHANNEL' },
    actions,
    phoneDonor: (r) => r.donor || '—',
  });

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

  if (list.noRows && forms.isSuccess && forms.data.length === 0)
    return (
      <>
        {header}
        <EmptyState description={SET_UP_TEXT}>
          <Link to={NEW_PAYMENT_FORM_PATH}>Set up now</Link>
        </EmptyState>
      </>
    );

  let body: ReactNode;
  if (active.isPending || (list.noRows && forms.isPending)) body = <PageSkeleton rows={8} />;
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
        pagination={list.pagination(DONATIONS_PAGE_SIZE)}
      />
    );

  return (
    <>
      {header}
      <PaymentsAttention />
      <DonationsSummary />
      <TransactionsToolbar {...list.toolbar} placeholder="Search..." printLabel="PRINT" filterLabel="FILTER" />
      <FilterPanel
        open={list.filterOpen}
        onApply={list.onApply}
        onClear={list.onClear}
        onHide={() => list.setFilterOpen(false)}
      >
        <FilterField label="Donation">
          <Input value={draft.donation} onChange={(e) => setDraft({ ...draft, donation: e.target.value })} />
        </FilterField>
        <FilterField label="donor">
          <Input value={draft.donor} onChange={(e) => setDraft({ ...draft, donor: e.target.value })} />
        </FilterField>
      </FilterPanel>
      {body}
      <TransactionsPrint title="DONATION TRANSACTIONS" itemLabel="DONATION" rows={rows} />
    </>
  );
}
