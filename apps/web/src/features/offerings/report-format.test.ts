import { describe, expect, it } from 'vitest';
import { offeringReportPath } from './offering-links.ts';
import { formatComparison } from './report-format.ts';

describe('formatComparison', () => {
  it('shows two decimals, cut to four characters plus ..% when longer', () => {
    expect(formatComparison(5.25).short).toBe('5.25%');
    expect(formatComparison(12.345).short).toBe('12.3..%');
    expect(formatComparison(-5).short).toBe('5.00%');
    expect(formatComparison(-5).full).toBe('-5.00%');
    expect(formatComparison(null).short).toBe('—');
  });
});

describe('offeringReportPath', () => {
  it('uses the date part and omits an empty or all-zero activity id', () => {
    expect(offeringReportPath('2025-03-09T00:00:00Z', 'abc')).toBe(
      '/tenant/offeringreport?report=2025-03-09&activityID=abc',
    );
    expect(offeringReportPath('2025-03-09', null)).toBe('/tenant/offeringreport?report=2025-03-09');
    expect(offeringReportPath('2025-03-09', '00000000-0000-0000-0000-000000000000')).toBe(
      '/tenant/offeringreport?report=2025-03-09',
    );
  });
});
