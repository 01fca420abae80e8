import type { TEditableTransaction, TTransactionRecord } from '@steward/contracts/finance';
import { MESSAGES } from '@steward/contracts/messages';
import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, ConfigProvider, Drawer, Grid } from 'antd';
import type { ReactNode } from 'react';
import { isNetworkError } from '../../api/http.ts';
import { useCashBankAccounts, useIncomeAccounts } from '../../api/queries.ts';
import { useTenantCurrency } from '../../app/current-user.ts';
import { isoDatePart } from '../../components/dates.ts';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { FINANCE_MESSAGES } from './finance-messages.ts';
import { useEditableTransaction, useExpenseAccounts, useTransactionalAccounts } from './finance-queries.ts';
import { JournalForm, type JournalInitial } from './journal-form.tsx';
import { journalLinesFromEditable, newJournalLine } from './journal-model.ts';
import { SplitForm } from './split-form.tsx';
import { newSplitLine, splitDraftFromEditable, type SplitDraft } from './split-model.ts';
import { useApproveTransaction, useDeleteTransaction } from './use-transaction-actions.ts';

export type TransactionKind = 'income' | 'expense' | 'journal';

/** What the edit panel shows: a new document of a kind, or a saved one (a list row or a register posting's document). */
export type PanelTarget =
  | { mode: 'new'; kind: TransactionKind }
  | { mode: 'edit'; record: Pick<TTransactionRecord, 'id' | 'transactionNumber' | 'category'> };

interface TransactionDrawerProps {
  target: PanelTarget | null;
  /** The account chosen in the page's selector: a new income or expense starts on it. */
  defaultCashAccountId: string | null;
  onClose: () => void;
  /** The page hands the focus back to the control that opened the panel (not the drawer). */
  returnsFocus?: boolean;
}

function kindOf(category: string): TransactionKind {
  return category === 'Journal' ? 'journal' : category === 'outflow' ? 'expense' : 'income';
}

function titleOf(target: PanelTarget | null): string {
  if (!target) return '';
  const kind = target.mode === 'new' ? target.kind : kindOf(target.record.category);
  if (kind === 'journal') return 'General Ledger';
  if (target.mode === 'edit') return FINANCE_MESSAGES.editTitle;
  return kind === 'income' ? 'Add Income' : 'Add Expense';
}

/**
 * The edit side panel (spec 2.8, §4): opens on a row, on Add Income, Add Expense or General
 * Ledger; closes with its close icon. A saved row is loaded by its transaction number and shown
 * in the income/expense form ('Edit Transaction Details') or the General Ledger form.
 */
export function TransactionDrawer({ target, defaultCashAccountId, onClose, returnsFocus }: TransactionDrawerProps) {
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      open={target !== null}
      title={titleOf(target)}
      onClose={onClose}
      size={screens.md ? 760 : '100%'}
      destroyOnHidden
      closable={{ 'aria-label': 'Close' }}
      focusable={returnsFocus ? { focusTriggerAfterClose: false } : undefined}
    >
      {target ? (
        <PanelBody
          key={target.mode === 'new' ? `new-${target.kind}` : target.record.id}
          target={target}
          defaultCashAccountId={defaultCashAccountId}
          onClose={onClose}
        />
      ) : null}
    </Drawer>
  );
}

function PanelBody({
  target,
  defaultCashAccountId,
  onClose,
}: {
  target: PanelTarget;
  defaultCashAccountId: string | null;
  onClose: () => void;
}) {
  const editable = useEditableTransaction(target.mode === 'edit' ? target.record.transactionNumber : null);
  if (target.mode === 'new')
    return (
      <PanelForm kind={target.kind} editable={null} defaultCashAccountId={defaultCashAccountId} onClose={onClose} />
    );
  if (editable.isPending) return <PageSkeleton rows={8} />;
  if (editable.isError)
    return isNetworkError(editable.error) ? (
      <NetworkErrorState onRetry={() => void editable.refetch()} />
    ) : (
      <Alert type="error" showIcon title="The transaction could not be loaded." />
    );
  return (
    <PanelForm
      kind={kindOf(editable.data.category)}
      editable={editable.data}
      defaultCashAccountId={null}
      onClose={onClose}
    />
  );
}

/**
 * An approved transaction is locked (issue 7; the server refuses its edit and delete with 409):
 * the form shows read-only — every field, Save and Delete disabled, also the native controls a
 * form enables itself — under the note 'Unapprove this transaction to change it'.
 */
function Locked({
  locked,
  onUnapprove,
  unapproving,
  children,
}: {
  locked: boolean;
  /** Unapproves the transaction from the banner; the form opens once the reload shows it unapproved. */
  onUnapprove?: () => void;
  unapproving?: boolean;
  children: ReactNode;
}) {
  if (!locked) return children;
  return (
    <>
      <Alert
        type="info"
        showIcon
        icon={<LockOutlined aria-hidden />}
        style={{ marginBottom: 16 }}
        title={FINANCE_MESSAGES.unapproveToChange}
        description="It is approved: it can be neither edited nor deleted until it is unapproved."
        action={
          onUnapprove ? (
            <Button size="small" onClick={onUnapprove} loading={unapproving}>
              Unapprove
            </Button>
          ) : undefined
        }
      />
      <ConfigProvider componentDisabled>
        <fieldset
          disabled
          aria-label="Approved transaction (read-only)"
          style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
        >
          {children}
        </fieldset>
      </ConfigProvider>
    </>
  );
}

function PanelForm({
  kind,
  editable,
  defaultCashAccountId,
  onClose,
}: {
  kind: TransactionKind;
  editable: TEditableTransaction | null;
  defaultCashAccountId: string | null;
  onClose: () => void;
}) {
  const tenant = useTenantCurrency();
  const cash = useCashBankAccounts();
  const income = useIncomeAccounts();
  const expense = useExpenseAccounts();
  const transactional = useTransactionalAccounts();
  const deleteTransaction = useDeleteTransaction();
  const approval = useApproveTransaction();
  const locked = editable?.approved === true;
  const lockProps = {
    locked,
    onUnapprove: editable ? () => void approval.toggle(editable) : undefined,
    unapproving: editable ? approval.pending.has(editable.id) : false,
  };
  const onDelete = editable ? () => deleteTransaction(editable.id, onClose) : undefined;
  const loadError = [cash, income, expense, transactional].find((q) => q.isError)?.error;
  const warning = loadError ? (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={isNetworkError(loadError) ? MESSAGES.networkDisrupted : 'Some accounts could not be loaded.'}
    />
  ) : null;

  if (kind === 'journal') {
    const initial: JournalInitial = editable
      ? {
          id: editable.id,
          date: isoDatePart(editable.date) ?? '',
          memo: editable.memo,
          ...journalLinesFromEditable(editable),
        }
      : { date: '', memo: '', debits: [newJournalLine()], credits: [newJournalLine()] };
    return (
      <>
        {warning}
        <Locked {...lockProps}>
          <JournalForm
            initial={initial}
            accounts={transactional.data ?? []}
            accountsLoading={transactional.isPending}
            tenantCurrency={tenant.code}
            onSaved={onClose}
            onDelete={onDelete}
            locked={locked}
          />
        </Locked>
      </>
    );
  }

  const initial: SplitDraft = editable
    ? splitDraftFromEditable(editable)
    : { amountText: '', date: '', memo: '', cashAccountId: defaultCashAccountId ?? '', lines: [newSplitLine()] };
  const lineAccounts = kind === 'income' ? income : expense;
  return (
    <>
      {warning}
      <Locked {...lockProps}>
        <SplitForm
          kind={kind}
          initial={initial}
          cashAccounts={cash.data ?? []}
          lineAccounts={lineAccounts.data ?? []}
          accountsLoading={cash.isPending || lineAccounts.isPending}
          tenantCurrency={tenant.code}
          onSaved={onClose}
          onDelete={onDelete}
          locked={locked}
        />
      </Locked>
    </>
  );
}
