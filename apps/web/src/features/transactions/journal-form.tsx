import { PlusOutlined } from '@ant-design/icons';
import type { TAccountOption } from '@steward/contracts/ledger';
import { Alert, Button, Col, DatePicker, Divider, Flex, Input, Row, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { DATE_FORMAT, ISO_DATE } from '../../components/dates.ts';
import { useToast } from '../../components/use-toast.ts';
import { groupedAccountOptions } from './account-options.ts';
import { formatMinor } from './amount-text.ts';
import { FieldLabel } from './field-label.tsx';
import { FINANCE_MESSAGES } from './finance-messages.ts';
import { JournalLineFields } from './journal-line-fields.tsx';
import {
  journalLineMissingAccount,
  journalTotals,
  newJournalLine,
  toJournalSave,
  type JournalLine,
} from './journal-model.ts';
import { useSaveJournal } from './use-save-transaction.ts';

export interface JournalInitial {
  /** The journal's transaction id when editing (sent as ?id=). */
  id?: string;
  /** 'YYYY-MM-DD'; '' for today. */
  date: string;
  memo: string;
  debits: JournalLine[];
  credits: JournalLine[];
}

interface JournalFormProps {
  initial: JournalInitial;
  accounts: TAccountOption[];
  accountsLoading: boolean;
  tenantCurrency: string;
  onSaved: () => void;
  onDelete?: (() => void) | undefined;
  /** An approved transaction: shown read-only, Save and Delete disabled (issue 7). */
  locked?: boolean;
}

type Side = 'debits' | 'credits';

/**
 * The General Ledger form (spec 2.8, §5): debit and credit lines (transactional account, amount,
 * memo), date and memo, the two totals, and 'Unbalanced' while they differ. Save is disabled
 * while unbalanced or while the debit total is 0.
 */
export function JournalForm({
  initial,
  accounts,
  accountsLoading,
  tenantCurrency,
  onSaved,
  onDelete,
  locked = false,
}: JournalFormProps) {
  const toast = useToast();
  const [date, setDate] = useState<Dayjs | null>(initial.date ? dayjs(initial.date) : dayjs());
  const [memo, setMemo] = useState(initial.memo);
  const [lines, setLines] = useState<Record<Side, JournalLine[]>>({ debits: initial.debits, credits: initial.credits });
  const [problems, setProblems] = useState<string[]>([]);
  const save = useSaveJournal(onSaved, setProblems);
  const totals = journalTotals(lines.debits, lines.credits, tenantCurrency);
  const options = groupedAccountOptions(accounts);

  const patch = (side: Side, key: string, p: Partial<JournalLine>) =>
    setLines((all) => ({ ...all, [side]: all[side].map((l) => (l.key === key ? { ...l, ...p } : l)) }));
  const add = (side: Side) => setLines((all) => ({ ...all, [side]: [...all[side], newJournalLine()] }));
  const remove = (side: Side, key: string) =>
    setLines((all) => ({ ...all, [side]: all[side].filter((l) => l.key !== key) }));

  const submit = () => {
    setProblems([]);
    if (locked || !totals.canSave) return;
    if (
      journalLineMissingAccount(lines.debits, tenantCurrency) ||
      journalLineMissingAccount(lines.credits, tenantCurrency)
    )
      return toast.warning('Select an account for every line');
    if (!date) return toast.warning('Select the date');
    const body = toJournalSave(lines.debits, lines.credits, { date: date.format(ISO_DATE), memo }, tenantCurrency);
    save.mutate({ lines: body, id: initial.id });
  };

  const section = (side: Side, title: 'Debit' | 'Credit') => (
    <section aria-label={`${title} lines`}>
      <Divider titlePlacement="start" style={{ marginTop: 20 }}>
        {title === 'Debit' ? 'Debits' : 'Credits'}
      </Divider>
      {lines[side].map((line, index) => (
        <JournalLineFields
          key={line.key}
          side={title}
          line={line}
          index={index}
          accountOptions={options}
          accountsLoading={accountsLoading}
          onChange={(p) => patch(side, line.key, p)}
          onRemove={!locked && lines[side].length > 1 ? () => remove(side, line.key) : undefined}
        />
      ))}
      <Button icon={<PlusOutlined aria-hidden />} onClick={() => add(side)} style={{ marginTop: 8 }}>
        {`Add ${title.toLowerCase()} line`}
      </Button>
    </section>
  );

  return (
    <form
      aria-label="General Ledger"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Row gutter={[12, 12]}>
        <Col xs={24} sm={10}>
          <FieldLabel htmlFor="journal-date">Date</FieldLabel>
          <DatePicker
            id="journal-date"
            format={DATE_FORMAT}
            value={date}
            onChange={setDate}
            allowClear={false}
            style={{ width: '100%' }}
          />
        </Col>
        <Col xs={24} sm={14}>
          <FieldLabel htmlFor="journal-memo">Memo</FieldLabel>
          <Input id="journal-memo" maxLength={300} value={memo} onChange={(e) => setMemo(e.target.value)} />
        </Col>
      </Row>

      {section('debits', 'Debit')}
      {section('credits', 'Credit')}

      <Flex
        justify="flex-end"
        align="center"
        gap={24}
        wrap
        style={{ marginTop: 20, padding: '12px 16px', background: '#f8f9fc', borderRadius: 8 }}
        aria-live="polite"
      >
        {totals.unbalanced ? <Tag color="error">{FINANCE_MESSAGES.unbalanced}</Tag> : null}
        <span>
          <Typography.Text type="secondary">Total debits </Typography.Text>
          <Typography.Text strong data-testid="debit-total">
            {formatMinor(totals.debit, tenantCurrency)}
          </Typography.Text>
        </span>
        <span>
          <Typography.Text type="secondary">Total credits </Typography.Text>
          <Typography.Text strong data-testid="credit-total">
            {formatMinor(totals.credit, tenantCurrency)}
          </Typography.Text>
        </span>
      </Flex>
      {totals.invalid ? (
        <Alert type="error" showIcon style={{ marginTop: 12 }} title="An amount is not a valid amount" />
      ) : null}

      {problems.length > 0 ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 16 }}
          title={FINANCE_MESSAGES.journalFailed}
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
        <Button type="primary" htmlType="submit" disabled={locked || !totals.canSave} loading={save.isPending}>
          Save
        </Button>
      </Flex>
    </form>
  );
}
