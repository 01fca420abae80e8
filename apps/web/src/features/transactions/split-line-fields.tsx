import { MinusCircleOutlined } from '@ant-design/icons';
import { Button, Col, Input, Row, Select } from 'antd';
import { cleanAmountInput } from './amount-text.ts';
import { DonorSelect } from './donor-select.tsx';
import { FieldLabel } from './field-label.tsx';
import type { SplitLine } from './split-model.ts';

interface SplitLineFieldsProps {
  line: SplitLine;
  index: number;
  accountOptions: { value: string; label: string }[];
  accountsLoading: boolean;
  /** With one line the whole amount is used: the line shows the total and cannot be edited. */
  single: boolean;
  totalText: string;
  onChange: (patch: Partial<SplitLine>) => void;
  /** Absent when the line cannot be removed (the only line). */
  onRemove?: (() => void) | undefined;
}

/**
 * One split line of an income or expense (spec 2.8): account, amount, optional donor and a remove
 * control. Inputs are named 'Split account N', 'Split amount N', 'Donor N'; the control 'Remove line N'.
 */
export function SplitLineFields({
  line,
  index,
  accountOptions,
  accountsLoading,
  single,
  totalText,
  onChange,
  onRemove,
}: SplitLineFieldsProps) {
  const n = index + 1;
  const id = (f: string) => `${line.key}-${f}`;
  return (
    <div role="group" aria-label={`Split line ${n}`} style={{ borderBottom: '1px solid #f0f0f0', padding: '10px 0' }}>
      <Row gutter={[10, 8]} align="bottom" wrap>
        <Col xs={24} sm={9}>
          <FieldLabel htmlFor={id('account')}>Account</FieldLabel>
          <Select<string>
            id={id('account')}
            aria-label={`Split account ${n}`}
            placeholder="Select account"
            value={line.accountId ?? undefined}
            loading={accountsLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={accountOptions}
            onChange={(v) => onChange({ accountId: v })}
            style={{ width: '100%' }}
          />
        </Col>
        <Col xs={11} sm={6}>
          <FieldLabel htmlFor={id('amount')}>Amount</FieldLabel>
          <Input
            id={id('amount')}
            aria-label={`Split amount ${n}`}
            inputMode="decimal"
            value={single ? totalText : line.amountText}
            disabled={single}
            placeholder="0.00"
            onChange={(e) => onChange({ amountText: cleanAmountInput(e.target.value) })}
          />
        </Col>
        <Col xs={11} sm={7}>
          <FieldLabel htmlFor={id('donor')}>Donor</FieldLabel>
          <DonorSelect
            id={id('donor')}
            label={`Donor ${n}`}
            value={line.donor}
            onChange={(donor) => onChange({ donor })}
          />
        </Col>
        <Col xs={2} sm={2} style={{ textAlign: 'right' }}>
          <Button
            type="text"
            danger
            icon={<MinusCircleOutlined aria-hidden />}
            aria-label={`Remove line ${n}`}
            disabled={!onRemove}
            onClick={onRemove}
          />
        </Col>
      </Row>
    </div>
  );
}
