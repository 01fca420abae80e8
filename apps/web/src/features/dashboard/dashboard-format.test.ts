import { describe, expect, it } from 'vitest';
import { allZero, chartPoints, formatCount } from './dashboard-format.ts';

describe('dashboard formatting', () => {
  it('formats counts with thousands separators', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(12345)).toBe('12,345');
  });

  it('labels 52 weeks and 12 months from the named series', () => {
    const weekly = chartPoints(
      [
        { name: 'Other', data: [9] },
        { name: 'Attendance', data: Array.from({ length: 52 }, (_, i) => i) },
      ],
      'Attendance',
      'weekly',
    );
    expect(weekly).toHaveLength(52);
    expect(weekly[0]).toEqual({ label: 'W1', name: 'Week 1', value: 0 });
    expect(weekly[51]).toEqual({ label: 'W52', name: 'Week 52', value: 51 });
    const monthly = chartPoints([{ name: 'Attendance', data: Array(12).fill(2) }], 'Attendance', 'monthly');
    expect(monthly.map((p) => p.label)).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
  });

  it('falls back to the first series, and to none', () => {
    expect(chartPoints([{ name: 'X', data: [1, 2] }], 'Attendance', 'monthly').map((p) => p.value)).toEqual([1, 2]);
    expect(chartPoints([], 'Attendance', 'weekly')).toEqual([]);
  });

  it('knows an all-zero chart', () => {
    expect(allZero(chartPoints([{ name: 'A', data: [0, 0] }], 'A', 'weekly'))).toBe(true);
    expect(allZero(chartPoints([{ name: 'A', data: [0, 3] }], 'A', 'weekly'))).toBe(false);
  });
});
