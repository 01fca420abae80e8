import type { TPeriodKey } from '@steward/contracts/offerings';
import { Select } from 'antd';
import { PERIOD_SELECT_WIDTH } from './offerings-summary-layout.ts';

interface OfferingsPeriodSelectProps {
  value: TPeriodKey;
  onChange: (period: TPeriodKey) => void;
  options: { value: TPeriodKey; label: string }[];
}

/**
 * The period dropdown of the offerings summary (spec 2.1), named 'Period', PERIOD_SELECT_WIDTH
 * wide. A module of its own so that antd's Select loads beside the summary rather than before
 * the list (issue 7 'Speed'); OfferingsSummary shows a look-alike of the same size meanwhile.
 */
export function OfferingsPeriodSelect({ value, onChange, options }: OfferingsPeriodSelectProps) {
  return (
    <Select<TPeriodKey>
      aria-label="Period"
      value={value}
      onChange={onChange}
      options={options}
      style={{ width: PERIOD_SELECT_WIDTH }}
    />
  );
}
