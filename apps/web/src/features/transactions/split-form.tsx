import { PlusOutlined } from '@ant-design/icons';
import type { TAccountOption } from '@steward/contracts/ledger';
import { Alert, Button, Col, DatePicker, Divider, Flex, Input, Row, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { DATE_FORMAT, ISO_DATE } from '../../components/dates.ts';
import { useToast } from '../../components/use-toast.ts';
import { accountOptions } from './account-options.ts';
import { absMinor, cleanAmountInput, formatMinor } from './amount-text.ts';
import { FieldLabel } from './field-label.tsx';
import { FINANCE_MESSAGES } from './finance-messages.ts';
import {
  checkSplit,
  newSplitLine,
  splitBalanceText,
  toExpenseSave,
  toIncomeSave,
  type SplitDraft,
  type SplitLine,
} from './split-model.ts';
import { SplitLineFields } from './split-line-fields.tsx';
import { useSaveSplit } from './use-save-transaction.ts';

interface SplitFormProps {
  kind: 'income' | 'expense';
  initial: SplitDraft;
  /** The cash and bank accounts (the 'Account' field). */
  cashAccounts: TAccountOption[];
  /** Income accounts for an income, expense accounts for an expense (the lines). */
  lineAccounts: TAccountOption[];
  accountsLoading: boolean;
  tenantCurrency: string;
  onSaved: () => void;
  /** Present for a saved transaction: the panel's Delete. */
  onDelete?: (() => void) | undefined;
  /** An approved transaction: shown read-only, Save and Delete disabled (issue 7). */
  locked?: boolean;
}

/**
 * The income and expense form of the edit panel (spec 2.8, §5): an amount, split lines (account,
 * amount, optional donor, remove; 'Add line'), memo, date (MM/DD/YYYY) and the cash/bank account.
 * Save stays disabled until there is an amount and, with several lines, their absolute sum equals
 * the total; a sum above the total shows the spec's warning, and beside Save the form says why it
 * is disabled ('Short by ₦1,500.00', 'Over by ₦250.00', issue 7 part 4).
 */
export function SplitForm({
  kind,
  initial,
  cashAccounts,
  lineAccounts,
  accountsLoading,
  tenantCurrency,
  onSaved,
  onDelete,
  locked = false,
}: SplitFormProps) {
  const toast = useToast();
  const [amountText, setAmountText] = useState(initial.amountText);
  const [date, setDate] = useState<Dayjs | null>(initial.date ? dayjs(initial.date) : dayjs());
  const [memo, setMemo] = useState(initial.memo);
  const [cashAccountId, setCashAccountId] = useState(initial.cashAccountId || null);
  const [lines, setLines] = useState<SplitLine[]>(initial.lines);
  const [problems, setProblems] = useState<string[]>([]);
  const save = useSaveSplit(onSaved, setProblems);

  const currency = cashAccounts.find((a) => a.id === cashAccountId)?.currency || tenantCurrency;
  const check = checkSplit(amountText, lines, currency);
  const blocked = locked ? null : splitBalanceText(check, currency);
  const totalShown = check.total === null ? amountText : formatMinor(absMinor(check.total), currency);
  const patchLine = (key: string, patch: Partial<SplitLine>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const addLine = () =>
    setLines((ls) => {
      // The single line carried the whole amount: it keeps it as its own once there are two.
      const first = ls.length === 1 && ls[0] ? [{ ...ls[0], amountText: ls[0].amountText || amountText }] : ls;
      return [...first, newSplitLine()];
    });

  const submit = () => {
    setProblems([]);
    if (locked || !check.canSave) return;
    if (!cashAccountId) return toast.warning('Select the account');
    if (lines.some((l) => !l.accountId)) return toast.warning('Select an account for every line');
    if (!date) return toast.warning('Select the date');
    const draft: SplitDraft = {
      ...(initial.id ? { id: initial.id } : {}),
      ...(initial.transactionNumber ? { transactionNumber: initial.transactionNumber } : {}),
      amountText,
      date: date.format(ISO_DATE),
      memo,
      cashAccountId,
      lines,
    };
    save.mutate(
      kind === 'income'
        ? { kind, body: toIncomeSave(draft, currency) }
        : { kind, body: toExpenseSave(draft, currency) },
    );
  };

  return (
    <form
      aria-label={kind === 'income' ? 'Income' : 'Expense'}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Row gutter={[12, 12]}>
        <Col xs={24} sm={12}>
          <FieldLabel htmlFor="txn-amount">Amount</FieldLabel>
          <Input
            id="txn-amount"
            inputMode="decimal"
            size="large"
            placeholder="0.00"
            value={amountText}
            onChange={(e) => setAmountText(cleanAmountInput(e.target.value))}
            status={check.total === null ? 'error' : undefined}
          />
        </Col>
        <Col xs={24} sm={12}>
          <FieldLabel htmlFor="txn-date">Date</FieldLabel>
          <DatePicker
            id="txn-date"
            format={DATE_FORMAT}
            value={date}
            onChange={setDate}
            allowClear={false}
            size="large"
            style={{ width: '100%' }}
          />
        </Col>
        <Col xs={24}>
          <FieldLabel htmlFor="txn-account">Account</FieldLabel>
          <Select<string>
            id="txn-account"
            placeholder={kind === 'income' ? 'Account the money goes into' : 'Account the money comes from'}
            value={cashAccountId ?? undefined}
            loading={accountsLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={accountOptions(cashAccounts)}
            onChange={setCashAccountId}
            style={{ width: '100%' }}
          />
        </Col>
      </Row>

      <div style={{ marginTop: 8 }} aria-label="Split lines" role="region">
        <Divider titlePlacement="start" style={{ margin: '16px 0 4px' }}>
          {kind === 'income' ? 'Income accounts' : 'Expense accounts'}
        </Divider>
        {lines.map((line, index) => (
          <SplitLineFields
            key={line.key}
            line={line}
            index={index}
            accountOptions={accountOptions(lineAccounts)}
            accountsLoading={accountsLoading}
            single={lines.length === 1}
            totalText={amountText}
            onChange={(patch) => patchLine(line.key, patch)}
            onRemove={
              !locked && lines.length > 1 ? () => setLines((ls) => ls.filter((l) => l.key !== line.key)) : undefined
            }
          />
        ))}
        <Button icon={<PlusOutlined aria-hidden />} onClick={addLine} style={{ marginTop: 10 }}>
          Add line
        </Button>
        {check.exceeds ? (
          <Alert type="warning" showIcon style={{ marginTop: 12 }} title={FINANCE_MESSAGES.splitExceeds(totalShown)} />
        ) : null}
      </div>

      <div style={{ marginTop: 20 }}>
        <FieldLabel htmlFor="txn-memo">Memo</FieldLabel>
        <Input.TextArea id="txn-memo" rows={3} maxLength={500} value={memo} onChange={(e) => setMemo(e.target.value)} />
      </div>

      {problems.length > 0 ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 16 }}
          title={FINANCE_MESSAGES.operationNotSuccessful}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
        />
      ) : null}

      <Flex justify="space-between" gap={8} style={{ marginTop: 24 }}>
        {onDelete ? (
          <Button danger onClick={onDelete} disabled={locked}>
            Delete
          </Button>
        ) : (
          <span />
        )}
        <Flex gap={12} align="center" wrap justify="flex-end">
          <Typography.Text
            type={check.difference !== null && check.difference !== 0n ? 'danger' : 'secondary'}
            id="split-save-blocked"
            data-testid="split-balance"
            aria-live="polite"
          >
            {blocked}
          </Typography.Text>
          <Button
            type="primary"
            htmlType="submit"
            disabled={locked || !check.canSave}
            loading={save.isPending}
            aria-describedby={blocked ? 'split-save-blocked' : undefined}
          >
            Save
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
