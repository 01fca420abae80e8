import { PlusOutlined } from '@ant-design/icons';
import type { TAccount, TAccountHead } from '@steward/contracts/chart';
import type { TAccountType } from '@steward/contracts/ledger';
import { Alert, Button, Modal, Tabs } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isNetworkError } from '../../api/http.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { AccountModal } from './account-modal.tsx';
import { ChartHeadSection } from './chart-head-section.tsx';
import { UPDATE_ACCOUNTS_PATH } from './chart-links.ts';
import { CHART_MESSAGES } from './chart-messages.ts';
import { CHART_TABS, chartTabs, fundOfAccount, isFundTab } from './chart-model.ts';
import { useChartOfAccounts, useFunds } from './chart-queries.ts';
import { FundModal } from './fund-modal.tsx';
import { useAccountDelete } from './use-account-delete.ts';
import './chart-of-accounts.css';

/** What the add/edit modals show: nothing, the account modal, or the fund modal. */
type Editor =
  | { kind: 'none' }
  | { kind: 'account'; account: TAccount | null; headId: string | null }
  | { kind: 'fund'; account: TAccount | null; headId: string | null };

/**
 * /tenant/chartofaccount (spec 2.10): 'Add a New Account of Fund', five tabs with counts
 * (Assets, Liabilities & Credit Cards, Income, Expenses, Fund [Equity]), heads with their
 * accounts; the equity tab adds and edits funds. Accounts without a head raise 'Action Needed'.
 * `?tab=assets|liability|income|expense|equity` chooses the tab shown first.
 */
export function ChartOfAccountsPage() {
  const navigate = useNavigate();
  const chart = useChartOfAccounts();
  const funds = useFunds();
  const deleteAccount = useAccountDelete();
  // ?tab=income opens that tab (the offering item's no-accounts dialog links to it)
  const [params] = useSearchParams();
  const [tab, setTab] = useState<TAccountType>(
    () => CHART_TABS.find((t) => t.type === params.get('tab'))?.type ?? 'assets',
  );
  const [editor, setEditor] = useState<Editor>({ kind: 'none' });
  const [actionDismissed, setActionDismissed] = useState(false);

  const open = (type: TAccountType, account: TAccount | null, headId: string | null) =>
    setEditor({ kind: isFundTab(type) ? 'fund' : 'account', account, headId });
  const close = () => setEditor({ kind: 'none' });
  const edit = (type: TAccountType, account: TAccount) => {
    const fund = fundOfAccount(account, funds.data ?? []);
    // An equity account that is no fund's (e.g. a clearing account) is edited as an account.
    if (isFundTab(type) && !fund && account.fundType === null)
      return setEditor({ kind: 'account', account, headId: account.financialAccountGroupID });
    open(type, { ...account, fundType: account.fundType ?? fund?.fundType ?? null }, account.financialAccountGroupID);
  };

  const header = (
    <PageHeader
      title="Chart of Accounts"
      actions={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => open(tab, null, null)}>
          Add a New Account of Fund
        </Button>
      }
    />
  );

  let body;
  if (chart.isPending) body = <PageSkeleton rows={10} />;
  else if (chart.isError)
    body = isNetworkError(chart.error) ? (
      <NetworkErrorState onRetry={() => void chart.refetch()} />
    ) : (
      <EmptyState description="The chart of accounts could not be loaded." />
    );
  else {
    const unassigned = chart.data.accountwithoutheads.length;
    body = (
      <>
        {unassigned > 0 ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={`${CHART_MESSAGES.actionNeededText}: ${unassigned} account${unassigned === 1 ? ' has' : 's have'} no account head.`}
            action={<Link to={UPDATE_ACCOUNTS_PATH}>{CHART_MESSAGES.updateAccounts}</Link>}
          />
        ) : null}
        <Tabs
          className="chart-tabs"
          activeKey={tab}
          onChange={(k) => setTab(k as TAccountType)}
          items={chartTabs(chart.data).map((t) => ({
            key: t.type,
            label: (
              <span>
                {t.label} <span className="chart-tab-count">({t.count})</span>
              </span>
            ),
            children:
              t.heads.length === 0 ? (
                <EmptyState description={CHART_MESSAGES.emptyTab} />
              ) : (
                t.heads.map((head: TAccountHead) => (
                  <ChartHeadSection
                    key={head.id}
                    head={head}
                    onAdd={(h) => open(t.type, null, h.id)}
                    onEdit={(a) => edit(t.type, a)}
                    onDelete={(a) => deleteAccount(a, t.type === 'equity' ? fundOfAccount(a, funds.data ?? []) : null)}
                  />
                ))
              ),
          }))}
        />
        <Modal
          open={unassigned > 0 && !actionDismissed}
          title={CHART_MESSAGES.actionNeededTitle}
          onCancel={() => setActionDismissed(true)}
          footer={[
            <Button key="later" onClick={() => setActionDismissed(true)}>
              Later
            </Button>,
            <Button
              key="go"
              type="primary"
              href={UPDATE_ACCOUNTS_PATH}
              onClick={(e) => {
                e.preventDefault();
                void navigate(UPDATE_ACCOUNTS_PATH);
              }}
            >
              {CHART_MESSAGES.updateAccounts}
            </Button>,
          ]}
        >
          <p>{CHART_MESSAGES.actionNeededText}.</p>
        </Modal>
      </>
    );
  }

  return (
    <>
      {header}
      {body}
      <AccountModal
        open={editor.kind === 'account'}
        account={editor.kind === 'account' ? editor.account : null}
        presetHeadId={editor.kind === 'account' ? editor.headId : null}
        onClose={close}
      />
      <FundModal
        open={editor.kind === 'fund'}
        account={editor.kind === 'fund' ? editor.account : null}
        headId={editor.kind === 'fund' ? editor.headId : null}
        onClose={close}
      />
    </>
  );
}
