import { smsSegments } from '@steward/contracts/sms-segments';
import { describe, expect, it } from 'vitest';
import { REPORT_SMS_SEGMENTS, checkDestinations, reportEmailText, reportSmsText } from './report-copy.ts';

const URL_ = 'https://steward.example.org/tenant/report/2026-11-22?activityID=0b6f2f4e-5a43-4c8e-9f55-2d1f0c7e9a11';

describe('checkDestinations', () => {
  it('asks for a destination when no row is filled, and on SMS even with a copy to oneself', () => {
    expect(checkDestinations('email', ['', '  '], null)).toEqual({
      error: 'Enter at least a destination for the report',
    });
    expect(checkDestinations('sms', [''], 'me@grace.example')).toEqual({
      error: 'Enter at least a destination for the report',
    });
  });

  it("adds the user's address for 'Send a copy to myself', once", () => {
    expect(checkDestinations('email', [''], 'me@grace.example')).toEqual({ recipients: ['me@grace.example'] });
    expect(checkDestinations('email', [' a@grace.example ', 'ME@grace.example'], 'me@grace.example')).toEqual({
      recipients: ['a@grace.example', 'ME@grace.example'],
    });
  });

  it('names the first row that is not an address or a number', () => {
    expect(checkDestinations('email', ['a@grace.example', 'pastor'], null)).toEqual({
      error: 'pastor is not an e-mail address',
    });
    expect(checkDestinations('sms', ['+2348031110001', 'call me'], null)).toEqual({
      error: 'call me is not a phone number',
    });
  });

  it('keeps each number once, however it is spaced', () => {
    expect(checkDestinations('sms', ['0803 111 0002', '08031110002', '+2348031110001'], null)).toEqual({
      recipients: ['0803 111 0002', '+2348031110001'],
    });
  });
});

describe('reportSmsText', () => {
  const facts = { eventName: 'Sunday Service', date: '2026-11-22', total: 27155.5, currency: 'NGN', url: URL_ };

  it('summarises the report with the amount by its code when the symbol is not GSM-7 (₦)', () => {
    const text = reportSmsText(facts);
    expect(text).toBe(`Report For Sunday Service: total NGN 27,155.50 on 11/22/2026. View: ${URL_}`);
    expect(smsSegments(text)).toMatchObject({ encoding: 'GSM-7', segments: 2 });
  });

  it('keeps a GSM-7 symbol ($) and names only the date for the whole day', () => {
    expect(reportSmsText({ ...facts, eventName: null, currency: 'USD', total: 1200 })).toBe(
      `Report For 11/22/2026: total $1,200.00. View: ${URL_}`,
    );
  });

  it('cuts a long event name to stay within two segments, keeping the link whole', () => {
    const long =
      'Annual Harvest Thanksgiving and Bazaar of the Men and Women Fellowship with Guest Ministers from the ' +
      'Districts of Lagos, Ogun, Oyo and Osun, the Youth Choir, the Children Church and the Ushering Department';
    // whole, it needs three segments
    expect(smsSegments(`Report For ${long}: total NGN 27,155.50 on 11/22/2026. View: ${URL_}`).segments).toBe(3);
    const text = reportSmsText({ ...facts, eventName: long });
    expect(smsSegments(text).segments).toBeLessThanOrEqual(REPORT_SMS_SEGMENTS);
    expect(text.startsWith('Report For Annual Harvest')).toBe(true);
    expect(text).toContain('...: total NGN 27,155.50 on 11/22/2026.');
    expect(text.endsWith(`View: ${URL_}`)).toBe(true);
  });
});

describe('reportEmailText', () => {
  const base = {
    note: 'Dear council,\nhere is Sunday.',
    churchName: 'Grace Chapel, Lagos',
    eventName: 'Sunday Service',
    date: '2026-11-22',
    currency: 'NGN',
    total: 27155.5,
    url: URL_,
  };

  it('gives the message, the report line by line (other currencies with rate and naira), the total and the link', () => {
    const text = reportEmailText({
      ...base,
      rows: [
        {
          contribution: 'Sunday Offering',
          channel: 'Cash',
          currencyName: 'NGN',
          amount: 12500.5,
          rate: 1,
          convertedAmount: 12500.5,
        },
        {
          contribution: 'Sunday Offering',
          channel: 'POS',
          currencyName: 'USD',
          amount: 10,
          rate: 1465.5,
          convertedAmount: 14655,
        },
        { contribution: 'Tithe', channel: 'Cash', currencyName: 'GBP', amount: 5, rate: null, convertedAmount: null },
      ],
    });
    expect(text).toBe(
      [
        'Dear council,',
        'here is Sunday.',
        '',
        'Grace Chapel, Lagos: Offering Report',
        'Sunday Service, 11/22/2026',
        '',
        'Sunday Offering, Cash: ₦12,500.50',
        'Sunday Offering, POS: $10.00 at 1,465.5 = ₦14,655.00',
        'Tithe, Cash: £5.00 at no rate',
        '',
        'Total Offering: ₦27,155.50',
        '',
        `View full report: ${URL_}`,
      ].join('\n'),
    );
  });

  it('names the whole day without an event, and says when there are no offerings', () => {
    const text = reportEmailText({ ...base, note: '  ', eventName: null, rows: [], total: 0 });
    expect(text.split('\n').slice(0, 4)).toEqual([
      'Grace Chapel, Lagos: Offering Report',
      'Offering Details, 11/22/2026',
      '',
      'No offerings recorded for this date',
    ]);
  });
});
