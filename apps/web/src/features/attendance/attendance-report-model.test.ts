import { describe, expect, it } from 'vitest';
import {
  attendanceCounts,
  bulkTargets,
  channelLabel,
  customDataToForm,
  customFormToData,
  filterPeople,
  headcountRows,
  headcountTotal,
  nextAction,
  offeringTotals,
  readRevealAnswer,
  type ReportPersonLike,
} from './attendance-report-model.ts';

const person = (over: Partial<ReportPersonLike> & { id: string; name: string }): ReportPersonLike => ({
  phone: null,
  email: null,
  isPresent: false,
  isRegistered: false,
  isCheckedOut: false,
  ...over,
});

const ada = person({ id: 'a', name: 'Ada Obi', phone: '+2348031234567', email: 'ada@x.example', isPresent: true });
const ben = person({ id: 'b', name: 'Ben Eze', phone: '08099990000', isRegistered: true });
const cy = person({ id: 'c', name: 'Cy Udo', isPresent: true, isCheckedOut: true, isRegistered: true });
const people = [ada, ben, cy];

describe('filterPeople', () => {
  it('filters by presence', () => {
    expect(filterPeople(people, '', 'all')).toEqual(people);
    expect(filterPeople(people, '', 'present')).toEqual([ada, cy]);
    expect(filterPeople(people, '', 'absent')).toEqual([ben]);
  });

  it('searches the name and e-mail without case, and the phone by 3 or more digits', () => {
    expect(filterPeople(people, '  ben ', 'all')).toEqual([ben]);
    expect(filterPeople(people, 'ADA@X', 'all')).toEqual([ada]);
    expect(filterPeople(people, '0803 123', 'all')).toEqual([ada]);
    expect(filterPeople(people, '99', 'all')).toEqual([]);
    expect(filterPeople(people, 'eze', 'present')).toEqual([]);
  });
});

describe('counts and actions', () => {
  it('counts registered, present, checked out and absent', () => {
    expect(attendanceCounts(people)).toEqual({ total: 3, registered: 2, present: 2, checkedOut: 1, absent: 1 });
    expect(attendanceCounts([])).toEqual({ total: 0, registered: 0, present: 0, checkedOut: 0, absent: 0 });
  });

  it('offers mark, then check out, then nothing', () => {
    expect(nextAction(ben)).toBe('mark');
    expect(nextAction(ada)).toBe('checkout');
    expect(nextAction(cy)).toBeNull();
    expect(bulkTargets(people, 'mark')).toEqual([ben]);
    expect(bulkTargets(people, 'checkout')).toEqual([ada]);
  });

  it('offers nothing for a place held while its payment is pending, until it is paid', () => {
    const holding = person({ id: 'h', name: 'Holding', registration: { status: 'pending_payment' } });
    const paid = person({ id: 'p', name: 'Paid', isRegistered: true, registration: { status: 'registered' } });
    expect(nextAction(holding)).toBeNull();
    expect(nextAction(paid)).toBe('mark');
    expect(bulkTargets([holding, paid], 'mark')).toEqual([paid]);
  });
});

describe('channelLabel', () => {
  it('shows the text the report gives, else names the channel number', () => {
    expect(channelLabel('Web', 1)).toBe('Web');
    expect(channelLabel('', 0)).toBe('Admin');
    expect(channelLabel(null, 2)).toBe('Child check-in');
    expect(channelLabel(undefined, 3)).toBe('Family portal');
    expect(channelLabel('', 9)).toBe('—');
    expect(channelLabel('', null)).toBe('—');
  });
});

describe('phones', () => {
  it('reads revealParentNumber: digits are a phone, anything else a message', () => {
    expect(readRevealAnswer('+2348031234567')).toEqual({ phone: '+2348031234567' });
    expect(readRevealAnswer(' 0803 123 4567 ')).toEqual({ phone: '0803 123 4567' });
    expect(readRevealAnswer('No phone number on record')).toEqual({ message: 'No phone number on record' });
    expect(readRevealAnswer('+')).toEqual({ message: '+' });
  });
});

describe('offeringTotals', () => {
  it('sums per item exactly in minor units, in first-seen order', () => {
    const { rows, total, totalMinor } = offeringTotals(
      [
        { financialContributionID: 't', amount: 0.1, name: 'Tithe' },
        { financialContributionID: 'o', amount: 1000, name: 'Offering' },
        { financialContributionID: 't', amount: 0.2, name: 'Tithe' },
        { financialContributionID: 'x', amount: 5 },
      ],
      'NGN',
    );
    expect(rows.map((r) => [r.name, r.minor, r.text])).toEqual([
      ['Tithe', 30n, '₦0.30'],
      ['Offering', 100000n, '₦1,000.00'],
      ['Offering item', 500n, '₦5.00'],
    ]);
    expect(totalMinor).toBe(100530n);
    expect(total).toBe('₦1,005.30');
  });

  it('rounds a converted figure with more decimals than the currency has', () => {
    const { rows } = offeringTotals([{ financialContributionID: 'c', amount: 10.0071, name: 'Converted' }], 'NGN');
    expect(rows[0]?.minor).toBe(1001n);
  });

  it('gives no rows and a zero total without offerings', () => {
    expect(offeringTotals([], 'USD')).toEqual({ rows: [], total: '$0.00', totalMinor: 0n });
  });
});

describe('headcountRows', () => {
  it('lists every type in order with its saved number, keeping saved unknown types', () => {
    const rows = headcountRows(
      [
        { id: 1, name: 'Men' },
        { id: 2, name: 'Women' },
      ],
      [
        { attendanceTypeID: 2, number: 40 },
        { attendanceTypeID: '7', number: 3 },
      ],
    );
    expect(rows).toEqual([
      { attendanceTypeID: 1, name: 'Men', number: 0 },
      { attendanceTypeID: 2, name: 'Women', number: 40 },
      { attendanceTypeID: '7', name: 'Type 7', number: 3 },
    ]);
    expect(headcountTotal(rows)).toBe(43);
  });
});

describe('custom field answers', () => {
  it('reads stored text by control type and writes it back', () => {
    expect(customDataToForm(2, 'true')).toBe(true);
    expect(customDataToForm(2, '')).toBe(false);
    expect(customDataToForm(6, ' 12.5 ')).toBe(12.5);
    expect(customDataToForm(6, 'abc')).toBeNull();
    expect(customDataToForm(6, '')).toBeNull();
    expect(customDataToForm(11, 'Red, Blue,,')).toEqual(['Red', 'Blue']);
    expect(customDataToForm(0, 'hello')).toBe('hello');
    expect(customDataToForm(3, null)).toBe('');
    expect(customFormToData(true)).toBe('true');
    expect(customFormToData(false)).toBe('false');
    expect(customFormToData(12.5)).toBe('12.5');
    expect(customFormToData(['Red', 'Blue'])).toBe('Red,Blue');
    expect(customFormToData('  x ')).toBe('x');
    expect(customFormToData(null)).toBe('');
    expect(customFormToData(undefined)).toBe('');
  });
});
