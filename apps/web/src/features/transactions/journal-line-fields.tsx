import { MinusCircleOutlined } from '@ant-design/icons';
import { Button, Col, Input, Row, Select } from 'antd';
import { cleanAmountInput } from './amount-text.ts';
import { FieldLabel } from './field-label.tsx';
import type { JournalLine } from './journal-model.ts';

type AccountGroups = { label: string; title: string; options: { value: string; label: string }[] }[];

interface JournalLineFieldsProps {
  side: 'Debit' | 'Credit';
  line: JournalLine;
  index: number;
  accountOptions: AccountGroups;
  accountsLoading: boolean;
  onChange: (patch: Partial<JournalLine>) => void;
  onRemove?: (() => void) | undefined;
}

/**
 * One general-ledger line (spec 2.8, §3): account, amount and memo, named 'Debit account N',
 * 'Debit amount N', 'Debit memo N' (or Credit …), with 'Remove debit line N'.
 */
export function JournalLineFields({
  side,
  line,
  index,
  accountOptions,
  accountsLoading,
  onChange,
  onRemove,
}: JournalLineFieldsProps) {
  const n = index + 1;
  const id = (f: string) => `${line.key}-${f}`;
  return (
    <div role="group" aria-label={`${side} line ${n}`} style={{ borderBottom: '1px solid #f0f0f0', padding: '8px 0' }}>
      <Row gutter={[10, 8]} align="bottom">
        <Col xs={24} sm={9}>
          <FieldLabel htmlFor={id('account')}>Account</FieldLabel>
          <Select<string>
            id={id('account')}
            aria-label={`${side} account ${n}`}
            placeholder="Select account"
            value={line.accountId ?? undefined}
            loading={accountsLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={accountOptions}
            onChange={(v) => onChange({ accountId: v })}
            style={{ width: '100%' }}
          />
        </Col>
        <Col xs={10} sm={5}>
          <FieldLabel htmlFor={id('amount')}>Amount</FieldLabel>
          <Input
            id={id('amount')}
            aria-label={`${side} amount ${n}`}
            inputMode="decimal"
            placeholder="0.00"
            value={line.amountText}
            onChange={(e) => onChange({ amountText: cleanAmountInput(e.target.value) })}
          />
        </Col>
        <Col xs={12} sm={8}>
          <FieldLabel htmlFor={id('memo')}>Memo</FieldLabel>
          <Input
            id={id('memo')}
            aria-label={`${side} memo ${n}`}
            maxLength={300}
            value={line.memo}
            onChange={(e) => onChange({ memo: e.target.value })}
          />
        </Col>
        <Col xs={2} sm={2} style={{ textAlign: 'right' }}>
          <Button
            type="text"
            danger
            icon={<MinusCircleOutlined aria-hidden />}
            aria-label={`Remove ${side.toLowerCase()} line ${n}`}
            disabled={!onRemove}
            onClick={onRemove}
          />
        </Col>
      </Row>
    </div>
  );
}
