import { DeleteOutlined, EditOutlined, UserAddOutlined } from '@ant-design/icons';
import type { TCurrency, TFxRates } from '@steward/contracts/lookups';
import { PAYMENT_CHANNELS } from '@steward/contracts/offerings';
import { Button, Col, Input, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import { NoRateGuidance, useChurchRateDialog } from '../../components/church-fx-rate-dialog.tsx';
import { currenciesWithRate, currencyNamedBy } from '../../components/currency-options.ts';
import { formatAmount } from '../../components/format-amount.ts';
import { cleanAmountText, rowAmount, type OfferingRow, type PaymentChannel } from './offering-form-model.ts';

export const CREATE_ITEM = '__create_item__';

interface OfferingRowFieldsProps {
  row: OfferingRow;
  index: number;
  items: { id: string; name: string }[];
  itemsLoading: boolean;
  currencies: TCurrency[];
  /**
   * GET /fxRates (the church's own rates merged over the global ones): the currency picker offers
   * only currencies with a rate (undefined: all).
   */
  rates: TFxRates | undefined;
  onChange: (patch: Partial<OfferingRow>) => void;
  onCreateItem: () => void;
  onPickDonor: () => void;
  /** Absent when the row cannot be removed (the only row, or edit mode). */
  onRemove?: () => void;
}

function Label({ htmlFor, children }: { htmlFor?: string; children: string }) {
  return (
    <label htmlFor={htmlFor} style={{ display: 'block', fontSize: 12, color: 'rgba(0,0,0,0.6)', marginBottom: 4 }}>
      {children}
    </label>
  );
}

/**
 * One row of the recording screen (spec 2.3): Offering Item, Channel, currency, Amount, Total,
 * and 'Add Donor' or the donor's name with an edit control. The currency picker offers only the
 * currencies with a stored exchange rate (and the row's own), so Save never fails for a rate; when
 * the typed text matches none, it says so and lets an administrator enter a rate (issue 7, part 4:
 * the 'Enter a rate' button, or Enter in the search), then chooses that currency for the row.
 */
export function OfferingRowFields({
  row,
  index,
  items,
  itemsLoading,
  currencies,
  rates,
  onChange,
  onCreateItem,
  onPickDonor,
  onRemove,
}: OfferingRowFieldsProps) {
  const n = index + 1;
  const code = currencies.find((c) => c.id === row.currencyId)?.shortCode;
  const id = (f: string) => `${row.key}-${f}`;
  const [currencySearch, setCurrencySearch] = useState('');
  const [currencyOpen, setCurrencyOpen] = useState(false);
  const offered = currenciesWithRate(currencies, rates, [row.currencyId]);
  const searched = currencySearch.toLowerCase();
  const noneOffered = searched !== '' && !offered.some((c) => c.shortCode.toLowerCase().includes(searched));
  const namedCode = currencyNamedBy(currencies, currencySearch)?.shortCode;
  const rateEntry = useChurchRateDialog((saved) => {
    const currencyId = currencies.find((c) => c.shortCode === saved.currencyCode)?.id;
    if (currencyId !== undefined) onChange({ currencyId });
  });
  // the option list closes first, or it would stay open over the dialog
  const enterRate = () => {
    setCurrencyOpen(false);
    setCurrencySearch('');
    rateEntry.open(namedCode);
  };
  return (
    <div
      role="group"
      aria-label={`Offering row ${n}`}
      data-row-key={row.key}
      style={{ borderBottom: '1px solid #f0f0f0', padding: '12px 0' }}
    >
      <Row gutter={[12, 8]} align="bottom">
        <Col xs={24} md={6}>
          <Label htmlFor={id('item')}>Offering Item</Label>
          <Select<string>
            id={id('item')}
            aria-label={`Offering Item ${n}`}
            placeholder="Select offering item"
            value={row.itemId}
            loading={itemsLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={[
              { value: CREATE_ITEM, label: '+ Create New Offering Item' },
              ...items.map((i) => ({ value: i.id, label: i.name })),
            ]}
            onChange={(v) => (v === CREATE_ITEM ? onCreateItem() : onChange({ itemId: v }))}
            style={{ width: '100%' }}
          />
        </Col>
        <Col xs={12} md={4}>
          <Label htmlFor={id('channel')}>Channel</Label>
          <Select<PaymentChannel>
            id={id('channel')}
            aria-label={`Channel ${n}`}
            value={row.channel}
            options={PAYMENT_CHANNELS.map((c) => ({ value: c, label: c }))}
            onChange={(channel) => onChange({ channel })}
            style={{ width: '100%' }}
          />
        </Col>
        <Col xs={12} md={3}>
          <Label htmlFor={id('currency')}>Currency</Label>
          <Select<number>
            id={id('currency')}
            aria-label={`Currency ${n}`}
            value={row.currencyId}
            showSearch={{ optionFilterProp: 'label', onSearch: setCurrencySearch }}
            // the search is the picker's own; it is followed here while the list is open
            open={currencyOpen}
            onOpenChange={(open) => {
              setCurrencyOpen(open);
              if (!open) setCurrencySearch('');
            }}
            options={offered.map((c) => ({ value: c.id, label: c.shortCode }))}
            notFoundContent={<NoRateGuidance canEnter={rateEntry.canEnter} namedCode={namedCode} onEnter={enterRate} />}
            onInputKeyDown={(e) => {
              // the keyboard way to 'Enter a rate': Enter while the search matches no currency
              if (e.key === 'Enter' && noneOffered && rateEntry.canEnter) {
                e.preventDefault();
                enterRate();
              }
            }}
            onChange={(currencyId) => onChange({ currencyId })}
            style={{ width: '100%' }}
            popupMatchSelectWidth={false}
          />
          {rateEntry.dialog}
        </Col>
        <Col xs={12} md={4}>
          <Label htmlFor={id('amount')}>Amount</Label>
          <Input
            id={id('amount')}
            aria-label={`Amount ${n}`}
            inputMode="decimal"
            placeholder="0.00"
            value={row.amountText}
            onChange={(e) => onChange({ amountText: cleanAmountText(e.target.value) })}
          />
        </Col>
        <Col xs={12} md={3}>
          <Label>Total</Label>
          <Typography.Text
            strong
            style={{ display: 'block', lineHeight: '32px', whiteSpace: 'nowrap' }}
            data-testid={`row-total-${n}`}
          >
            {code ? formatAmount(rowAmount(row), code) : '—'}
          </Typography.Text>
        </Col>
        <Col xs={20} md={3} style={{ minWidth: 0 }}>
          {row.donor ? (
            <span style={{ display: 'flex', alignItems: 'center', gap: 2, minWidth: 0 }}>
              <Typography.Text ellipsis={{ tooltip: row.donor.name }} style={{ maxWidth: 140 }}>
                {row.donor.name}
              </Typography.Text>
              <Button
                type="text"
                size="small"
                icon={<EditOutlined aria-hidden />}
                aria-label={`Change donor ${n}`}
                onClick={onPickDonor}
              />
            </span>
          ) : (
            <Button
              type="link"
              icon={<UserAddOutlined aria-hidden />}
              style={{ paddingInline: 0 }}
              onClick={onPickDonor}
              aria-label={`Add Donor ${n}`}
            >
              Add Donor
            </Button>
          )}
        </Col>
        <Col xs={4} md={1} style={{ textAlign: 'right' }}>
          {onRemove ? (
            <Button
              type="text"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={`Remove row ${n}`}
              onClick={onRemove}
            />
          ) : null}
        </Col>
      </Row>
    </div>
  );
}
