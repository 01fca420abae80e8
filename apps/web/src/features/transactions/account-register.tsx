import { CheckCircleFilled, InboxOutlined, LockOutlined, WarningFilled } from '@ant-design/icons';
import { REGISTER_PAGE_SIZE, type TRegisterRecord } from '@steward/contracts/register';
import { Button, Empty, Flex, Grid, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useEffect, type KeyboardEvent, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { isNetworkError } from '../../api/http.ts';
import { formatDate } from '../../components/dates.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { formatAmount } from '../../components/format-amount.ts';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { formatMinor } from './amount-text.ts';
import { FINANCE_MESSAGES } from './finance-messages.ts';
import { useCashBankBalances } from './finance-queries.ts';
import { mergePages, reconcile, registerTarget, sourceLabel, type RegisterTarget } from './register-model.ts';
import { useAccountRegister } from './register-queries.ts';

type DocumentTarget = Extract<RegisterTarget, { kind: 'document' }>;

interface AccountRegisterProps {
  /** The cash or bank account chosen in the selector. */
  accountId: string;
  /** Opens an income, expense or journal in the edit panel. */
  onOpenDocument: (target: DocumentTarget) => void;
}

const NUMERIC = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const NEGATIVE = '#cf1322';

function Money({ amount, code, testId }: { amount: number; code: string; testId?: string }) {
  return (
    <span data-testid={testId} style={{ ...NUMERIC, color: amount < 0 ? NEGATIVE : undefined }}>
      {formatAmount(amount, code)}
    </span>
  );
}

/** 'Dr ₦4,500.45' or 'Cr ₦1,200.00': one side of a posting, on a phone. */
function Side({ side, amount, code }: { side: 'debit' | 'credit'; amount: number; code: string }) {
  return (
    <div style={NUMERIC}>
      <abbr title={side === 'debit' ? 'Debit' : 'Credit'} style={{ textDecoration: 'none', color: '#8c8c8c' }}>
        {side === 'debit' ? 'Dr' : 'Cr'}
      </abbr>{' '}
      <span data-testid={side}>{formatAmount(amount, code)}</span>
    </div>
  );
}

/** The source tag, the document number, and the marks of a row (approved: locked; reversed). */
function SourceLine({ r }: { r: TRegisterRecord }) {
  return (
    <Flex gap={6} wrap align="center" style={{ marginTop: 2 }}>
      <Tag style={{ marginInlineEnd: 0 }} data-testid="posting-source">
        {sourceLabel(r)}
      </Tag>
      {r.transactionNumber ? <Typography.Text type="secondary">{r.transactionNumber}</Typography.Text> : null}
      {r.approved ? (
        <Tooltip title="Approved: unapprove it to change it">
          <LockOutlined aria-label="Approved, locked" role="img" style={{ color: '#8c8c8c' }} />
        </Tooltip>
      ) : null}
      {r.reversed ? (
        <Tag color="default" style={{ marginInlineEnd: 0 }}>
          Reversed
        </Tag>
      ) : null}
    </Flex>
  );
}

function Description({ r }: { r: TRegisterRecord }) {
  return (
    <div style={{ minWidth: 0 }}>
      <div style={{ overflowWrap: 'anywhere' }}>{r.narration || '—'}</div>
      {r.memo && r.memo !== r.narration && r.source !== 'reversal' ? (
        <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
          {r.memo}
        </Typography.Text>
      ) : null}
      <SourceLine r={r} />
    </div>
  );
}

/** The newest running balance against the selector's balance (issue 7: any balance reconciles). */
function Reconciliation({
  newest,
  balance,
  code,
}: {
  newest: TRegisterRecord | undefined;
  balance: number | undefined;
  code: string;
}) {
  const result = reconcile(newest, balance, code);
  if (result.state === 'unknown' || balance === undefined) return null;
  if (result.state === 'differs')
    return (
      <Typography.Text type="danger" data-testid="register-reconciliation">
        <WarningFilled aria-hidden /> The postings add up to {formatAmount(newest?.runningBalance ?? 0, code)}; the
        account shows {formatAmount(balance, code)} (a difference of {formatMinor(result.differenceMinor, code)})
      </Typography.Text>
    );
  return (
    <Typography.Text data-testid="register-reconciliation">
      <CheckCircleFilled aria-hidden style={{ color: '#389e0d' }} /> The running balance ends at the account&apos;s
      balance of <strong style={NUMERIC}>{formatAmount(balance, code)}</strong>
    </Typography.Text>
  );
}

/**
 * The account register (issue 7; spec 2.8 "Selecting an account filters the list to it"): every
 * posting on the chosen cash or bank account — offerings, incomes, expenses, journals, reversals —
 * newest first, with its source, date, description, debit or credit and the running balance, which
 * ends at the balance the selector shows. 50 postings a page, older ones on demand. A live posting
 * opens what made it (the edit panel, or the offering's screen). On a phone each row keeps its
 * description and its amount with the running balance under it.
 */
export function AccountRegister({ accountId, onOpenDocument }: AccountRegisterProps) {
  const screens = Grid.useBreakpoint();
  const wide = screens.md ?? true;
  const navigate = useNavigate();
  const register = useAccountRegister(accountId, REGISTER_PAGE_SIZE);
  const balances = useCashBankBalances();
  // The selector's balances may be up to 30 s old (an offering saved on its own screen does not
  // reload them): read them again with the postings, so the two are compared as of now.
  const refetchBalances = balances.refetch;
  useEffect(() => {
    void refetchBalances();
  }, [accountId, refetchBalances]);
  const account = balances.data?.find((b) => b.id === accountId);
  const rows = mergePages(register.data?.pages ?? []);
  const code = rows[0]?.currency.shortCode ?? account?.currency.shortCode ?? 'NGN';

  const open = (r: TRegisterRecord) => {
    const target = registerTarget(r);
    if (target?.kind === 'document') onOpenDocument(target);
    else if (target?.kind === 'offering') void navigate(`/tenant/addoffering/${target.id}`);
  };

  const sides: TableColumnsType<TRegisterRecord> = [
    {
      title: 'DEBIT',
      key: 'debit',
      align: 'right',
      render: (_, r) => (r.debit ? <Money amount={r.debit} code={r.currency.shortCode} testId="debit" /> : null),
    },
    {
      title: 'CREDIT',
      key: 'credit',
      align: 'right',
      render: (_, r) => (r.credit ? <Money amount={r.credit} code={r.currency.shortCode} testId="credit" /> : null),
    },
    {
      title: 'BALANCE',
      key: 'balance',
      align: 'right',
      render: (_, r) => <Money amount={r.runningBalance} code={r.currency.shortCode} testId="running-balance" />,
    },
  ];
  const columns: TableColumnsType<TRegisterRecord> = wide
    ? [
        { title: 'DATE', key: 'date', width: 110, render: (_, r) => formatDate(r.date) },
        { title: 'DESCRIPTION', key: 'description', render: (_, r) => <Description r={r} /> },
        ...sides,
      ]
    : [
        {
          title: 'DESCRIPTION',
          key: 'description',
          render: (_, r) => (
            <>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDate(r.date)}
              </Typography.Text>
              <Description r={r} />
            </>
          ),
        },
        {
          title: 'AMOUNT',
          key: 'amount',
          align: 'right',
          render: (_, r) => (
            <>
              {r.debit || !r.credit ? <Side side="debit" amount={r.debit} code={r.currency.shortCode} /> : null}
              {r.credit ? <Side side="credit" amount={r.credit} code={r.currency.shortCode} /> : null}
              <Typography.Text type="secondary" style={{ fontSize: 12, ...NUMERIC }}>
                Bal <Money amount={r.runningBalance} code={r.currency.shortCode} testId="running-balance" />
              </Typography.Text>
            </>
          ),
        },
      ];

  let body;
  if (register.isPending) body = <PageSkeleton rows={8} />;
  else if (register.isError && !register.data)
    body = isNetworkError(register.error) ? (
      <NetworkErrorState onRetry={() => void register.refetch()} />
    ) : (
      <EmptyState description="The postings of this account could not be loaded." />
    );
  else
    body = (
      <Table<TRegisterRecord>
        size="middle"
        rowKey="postingId"
        columns={columns}
        dataSource={rows}
        pagination={false}
        tableLayout={wide ? undefined : 'fixed'}
        loading={register.isFetching && !register.isFetchingNextPage}
        locale={{
          emptyText: (
            <Empty
              image={<InboxOutlined aria-hidden style={{ fontSize: 44, color: '#d0d5dd' }} />}
              styles={{ image: { height: 48 } }}
              description={FINANCE_MESSAGES.noData}
            />
          ),
        }}
        onRow={(r) =>
          registerTarget(r)
            ? {
                tabIndex: 0,
                style: { cursor: 'pointer' },
                'aria-label': `Open ${r.narration} of ${formatDate(r.date)}`,
                onClick: (e: MouseEvent) => {
                  if (!(e.target as HTMLElement).closest('button, a')) open(r);
                },
                onKeyDown: (e: KeyboardEvent) => {
                  if (e.key === 'Enter') open(r);
                },
              }
            : {}
        }
        footer={
          rows.length > 0
            ? () => (
                <Flex justify="space-between" align="center" gap={12} wrap>
                  <Typography.Text type="secondary">
                    {`${rows.length} posting${rows.length === 1 ? '' : 's'} shown, newest first`}
                  </Typography.Text>
                  {register.hasNextPage ? (
                    <Button loading={register.isFetchingNextPage} onClick={() => void register.fetchNextPage()}>
                      Show older postings
                    </Button>
                  ) : null}
                </Flex>
              )
            : undefined
        }
      />
    );

  return (
    <section aria-labelledby="register-title">
      <Flex justify="space-between" align="flex-start" gap={12} wrap style={{ marginBottom: 12 }}>
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={2} id="register-title" style={{ fontSize: 18, margin: 0 }}>
            {account ? `Postings on ${account.text}` : 'Postings on this account'}
          </Typography.Title>
          <Typography.Text type="secondary">
            Offerings, income, expenses, journals and reversals, each with the balance after it.
          </Typography.Text>
        </div>
        <Reconciliation
          newest={rows[0]}
          // compared once both answers are in, never while one of them reloads after a change
          balance={register.isFetching || balances.isFetching ? undefined : account?.balance}
          code={code}
        />
      </Flex>
      {body}
    </section>
  );
}
