import type { TCurrency } from '@steward/contracts/lookups';
import { formatMoney } from '@steward/money/format';
import { minorToDecimalString } from '@steward/money/parse';
import { Card, Flex, Select, Typography } from 'antd';
import { useState } from 'react';
import { useFxRates } from '../../api/queries.ts';
import { grandTotal, type OfferingRow } from './offering-form-model.ts';

interface GrandTotalProps {
  rows: OfferingRow[];
  currencies: TCurrency[];
  tenantCurrency: string;
}

/** 2 decimals for the converted figure (spec 2.3), whatever the currency's own decimals. */
function twoDecimals(minor: bigint, code: string): string {
  const text = minorToDecimalString(minor, code);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: code,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(text as Intl.StringNumericLiteral);
}

/**
 * The grand total of the rows in the tenant currency, and a converter to any currency with the
 * USD-based /fxRates (spec 2.3), shown with 2 decimals.
 */
export function GrandTotal({ rows, currencies, tenantCurrency }: GrandTotalProps) {
  const rates = useFxRates();
  const [target, setTarget] = useState(tenantCurrency === 'USD' ? 'NGN' : 'USD');
  const codeOf = (id: number | null) => currencies.find((c) => c.id === id)?.shortCode;
  const total = grandTotal(rows, codeOf, tenantCurrency, rates.data);
  const converted = grandTotal(rows, codeOf, target, rates.data);
  const unavailable = (code: string) => (rates.isPending ? 'Loading rates…' : `No exchange rate for ${code}`);

  return (
    <Card size="small" style={{ background: '#f8f9fc' }}>
      <Flex justify="space-between" align="center" wrap gap={16}>
        <div>
          <Typography.Text type="secondary">Grand Total</Typography.Text>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 24 }} data-testid="grand-total">
            {total.ok ? formatMoney(total.minor, tenantCurrency) : unavailable(total.missing)}
          </Typography.Title>
        </div>
        <Flex align="center" gap={8} wrap>
          <Typography.Text id="convert-label">Convert to</Typography.Text>
          <Select
            aria-labelledby="convert-label"
            value={target}
            onChange={setTarget}
            showSearch={{ optionFilterProp: 'label' }}
            options={currencies.map((c) => ({ value: c.shortCode, label: c.shortCode }))}
            style={{ width: 110 }}
          />
          <Typography.Text strong style={{ fontSize: 18, minWidth: 120 }} data-testid="converted-total">
            {converted.ok ? twoDecimals(converted.minor, target) : unavailable(converted.missing)}
          </Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );
}
