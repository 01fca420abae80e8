import { describe, expect, it } from 'vitest';
import { htmlToText } from '../messaging/send-service.ts';
import { renderReportEmail, type EmailReport } from './report-email.ts';

const URL_ = 'https://steward.example.org/tenant/report/2026-11-22?activityID=0b6f2f4e-5a43-4c8e-9f55-2d1f0c7e9a11';
const report: EmailReport = {
  churchName: 'Grace Chapel, Lagos',
  activityName: 'Harvest <Thanksgiving>',
  date: '2026-11-22',
  tenantCurrency: 'NGN',
  totalToday: 50250.5,
  rows: [
    {
      contribution: 'Sunday Offering',
      channel: 'Cash',
      currencyName: 'NGN',
      amount: 45000,
      rate: 1,
      convertedAmount: 45000,
    },
    {
      contribution: 'Sunday Offering',
      channel: 'POS',
      currencyName: 'NGN',
      amount: 5250.5,
      rate: 1,
      convertedAmount: 5250.5,
    },
  ],
  fullReportUrl: URL_,
};

describe('renderReportEmail (issue 9: the report e-mail in mail clients)', () => {
  const html = renderReportEmail(report);

  it("links 'View full report' and writes the address out for clients that drop the button", () => {
    expect(html).toContain(`<a href="${URL_}" target="_blank"`);
    expect(html).toMatch(/>View full report<\/a>/);
    expect(html).toContain(
      `Or open this address: <a href="${URL_}" target="_blank" style="color:#136acd;">${URL_}</a>`,
    );
    // so the plain-text part made from the HTML carries the link too
    expect(htmlToText(html)).toContain(URL_);
  });

  it('gives the inbox a hidden preview line with the event, date and total, escaped', () => {
    expect(html).toContain('mso-hide:all;">Harvest &lt;Thanksgiving&gt;, 11/22/2026: total offering ₦50,250.50</div>');
    expect(html).not.toContain('<Thanksgiving>');
  });

  it('sets the backgrounds as attributes too and uses no style sheet, class, script or image', () => {
    for (const colour of ['#f4f5f7', '#ffffff', '#1f3a5f', '#136acd', '#eeeeee'])
      expect(html).toContain(`bgcolor="${colour}"`);
    expect(html).not.toMatch(/<(script|style|link|img|iframe)\b/i);
    expect(html).not.toMatch(/\bclass=/);
  });
});
