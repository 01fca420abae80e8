import type { TAccount } from '@steward/contracts/chart';
import { MESSAGES } from '@steward/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Select, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { saveAccount } from '../../api/chart.ts';
import { isNetworkError } from '../../api/http.ts';
import { accountKeys } from '../../api/query-keys.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { MoneyText } from '../../components/money-text.tsx';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { useToast } from '../../components/use-toast.ts';
import { CHART_PATH } from './chart-links.ts';
import { CHART_MESSAGES, CHART_TOAST_SECONDS } from './chart-messages.ts';
import { headOptionGroups } from './chart-model.ts';
import { useAccountHeads, useChartOfAccounts } from './chart-queries.ts';

/**
 * /tenant/chartofaccount/update ('Update accounts', spec 2.2, 2.10): the accounts without a head,
 * each with a head select; Save puts each chosen head with Accounts/Save (financialAccountGroupID).
 */
export function UpdateAccountsPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const chart = useChartOfAccounts();
  const heads = useAccountHeads();
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [failures, setFailures] = useState<string[]>([]);

  const mutation = useMutation({
    mutationFn: async (accounts: TAccount[]) => {
      const failed: string[] = [];
      for (const a of accounts) {
        const head = heads.data?.find((h) => h.id === chosen[a.id]);
        if (!head) continue;
        try {
          const res = await saveAccount({
            id: a.id,
            name: a.name,
            code: a.code,
            description: a.description,
            currencyID: a.currencyID,
            accountType: head.accountType,
            financialAccountGroupID: head.id,
            ...(a.fundType === 0 || a.fundType === 1 ? { fundType: a.fundType } : {}),
          });
          if (!res.status) failed.push(`${a.name}: ${res.response}`);
        } catch (err) {
          failed.push(
            `${a.name}: ${isNetworkError(err) ? MESSAGES.networkDisrupted : CHART_MESSAGES.accountUpdateFailed}`,
          );
        }
      }
      return { saved: accounts.length - failed.length, failed };
    },
    onSuccess: async ({ saved, failed }) => {
      setFailures(failed);
      if (failed.length > 0) toast.error(CHART_MESSAGES.accountUpdateFailed, CHART_TOAST_SECONDS);
      if (saved > 0) toast.success(`${saved} account${saved === 1 ? '' : 's'} updated`, CHART_TOAST_SECONDS);
      setChosen({});
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });

  const header = (
    <PageHeader
      title={CHART_MESSAGES.updateAccounts}
      subtitle="Choose an account head for each account below, then save."
      actions={<Button onClick={() => void navigate(CHART_PATH)}>Go to Chart Of Accounts</Button>}
    />
  );

  if (chart.isPending || heads.isPending)
    return (
      <>
        {header}
        <PageSkeleton rows={6} />
      </>
    );
  const error = chart.error ?? heads.error;
  if (error)
    return (
      <>
        {header}
        {isNetworkError(error) ? (
          <NetworkErrorState onRetry={() => void Promise.all([chart.refetch(), heads.refetch()])} />
        ) : (
          <EmptyState description="The accounts could not be loaded." />
        )}
      </>
    );

  const accounts = chart.data?.accountwithoutheads ?? [];
  const picked = accounts.filter((a) => chosen[a.id]);
  // An account keeps its type when re-headed; when its type has no head, every head is offered.
  const headOptionsFor = (a: TAccount) => {
    const same = headOptionGroups(heads.data ?? [], a.accountType);
    return same.length > 0 ? same : headOptionGroups(heads.data ?? []);
  };
  const columns: TableColumnsType<TAccount> = [
    { title: 'CODE', dataIndex: 'code', key: 'code', render: (c: string) => c || '—' },
    { title: 'NAME', dataIndex: 'name', key: 'name' },
    { title: 'DESCRIPTION', dataIndex: 'description', key: 'description' },
    {
      title: 'BALANCE',
      key: 'balance',
      align: 'right',
      render: (_, a) => <MoneyText amount={a.balance} currency={a.currency.shortCode} />,
    },
    {
      title: 'ACCOUNT HEAD',
      key: 'head',
      width: 300,
      render: (_, a) => (
        <Select<string>
          aria-label={`Account head for ${a.name}`}
          placeholder="Select account type"
          value={chosen[a.id]}
          onChange={(v) => setChosen((c) => ({ ...c, [a.id]: v }))}
          showSearch={{ optionFilterProp: 'label' }}
          options={headOptionsFor(a)}
          style={{ width: '100%' }}
        />
      ),
    },
  ];

  return (
    <>
      {header}
      {accounts.length === 0 ? (
        <EmptyState description="Every account has an account head. Nothing needs updating.">
          <Button type="primary" onClick={() => void navigate(CHART_PATH)}>
            Go to Chart Of Accounts
          </Button>
        </EmptyState>
      ) : (
        <>
          <Table<TAccount>
            rowKey="id"
            columns={columns}
            dataSource={accounts}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
          {failures.length > 0 ? (
            <Alert
              type="error"
              showIcon
              style={{ marginTop: 16 }}
              title={CHART_MESSAGES.accountUpdateFailed}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {failures.map((f) => (
                    <li key={f}>{f}</li>
                  ))}
                </ul>
              }
            />
          ) : null}
          <Flex justify="flex-end" style={{ marginTop: 16 }}>
            <Button
              type="primary"
              disabled={picked.length === 0}
              loading={mutation.isPending}
              onClick={() => mutation.mutate(picked)}
            >
              Save
            </Button>
          </Flex>
        </>
      )}
    </>
  );
}
