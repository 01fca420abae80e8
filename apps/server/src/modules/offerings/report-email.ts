import { formatMoney } from '@steward/money/format';
import { parseAmount } from '@steward/money/parse';
import { REPORT_MESSAGES } from '@steward/contracts/report';

/** One offering line of the e-mailed report. */
export interface EmailRow {
  contribution: string;
  channel: string;
  /** ISO 4217 */
  currencyName: string;
  /** decimal, in currencyName */
  amount: number;
  rate: number | null;
  /** decimal, in the church currency; null without a stored rate */
  convertedAmount: number | null;
}

/** What the e-mail shows. */
export interface EmailReport {
  churchName: string;
  /** the event's name, or null for the whole day's report */
  activityName: string | null;
  /** YYYY-MM-DD */
  date: string;
  tenantCurrency: string;
  /** decimal, church currency */
  totalToday: number;
  rows: EmailRow[];
  /** absolute address of the full report: {origin}/tenant/report/{date}[?activityID=] */
  fullReportUrl: string;
  /** the sender's message, put above the report (plain text; line breaks kept) */
  message?: string | undefined;
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** '2026-11-22' → '11/22/2026' (spec §5). */
export const usDate = (iso: string): string => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** A decimal amount in its currency, e.g. '₦12,500.50' (falls back to 'XYZ 12.5' for an unknown code). */
export function money(amount: number, currency: string): string {
  try {
    return formatMoney(parseAmount(Math.abs(amount), currency), currency);
  } catch {
    return `${currency} ${Math.abs(amount).toLocaleString('en-US')}`;
  }
}

/** A rate as the report shows it: up to 6 decimals, grouped ('1,465.5'). */
export const rateText = (rate: number): string => rate.toLocaleString('en-US', { maximumFractionDigits: 6 });

/** The subject the send dialog proposes (spec 2.6): 'Report For {event name}', the date without an event. */
export const reportSubject = (activityName: string | null, date: string): string =>
  REPORT_MESSAGES.subject(activityName ?? usDate(date));

const FONT = 'font-family:Arial,Helvetica,sans-serif;';
const CELL = `${FONT}font-size:14px;color:#1c252c;padding:10px 8px;border-bottom:1px solid #e6e9ec;`;
const HEAD = `${FONT}font-size:12px;font-weight:bold;color:#5b6770;text-transform:uppercase;padding:10px 8px;border-bottom:2px solid #1c252c;`;

/**
 * The e-mail version of an offering report (spec 2.6, 'a hidden email-formatted version of the
 * report'; issue 7): a complete HTML document built from nested tables with inline styles only
 * (no <style>, no external CSS, no scripts, no images), 600 px wide at most, so it renders in
 * common mail clients. It shows the church, 'Offering Report', the event and date (MM/DD/YYYY),
 * the total in the church currency, a table of offering item, channel and amount (with the rate
 * and the amount in the church currency when the report holds other currencies, adding up to the
 * total), and a 'View full report' button linking to `fullReportUrl` with the address written out
 * under it (for clients that strip the button, and for the plain-text part). A hidden preheader
 * gives the inbox's preview line (event, date, total); background colours are given as `bgcolor`
 * attributes too, for clients that ignore inline CSS. Every text is HTML-escaped.
 * Donor names are not included. Never throws.
 */
export function renderReportEmail(r: EmailReport): string {
  const multi = r.rows.some((x) => x.currencyName !== r.tenantCurrency);
  const title = r.activityName ?? 'Offering Details';
  const right = 'text-align:right;white-space:nowrap;';
  const head = [
    `<th align="left" style="${HEAD}">Offering Item</th>`,
    `<th align="left" style="${HEAD}">Channel</th>`,
    `<th align="right" style="${HEAD}${right}">Amount</th>`,
    ...(multi
      ? [
          `<th align="right" style="${HEAD}${right}">Rate</th>`,
          `<th align="right" style="${HEAD}${right}">In ${escapeHtml(r.tenantCurrency)}</th>`,
        ]
      : []),
  ].join('');
  const body = r.rows
    .map((x) =>
      [
        '<tr>',
        `<td style="${CELL}">${escapeHtml(x.contribution)}</td>`,
        `<td style="${CELL}">${escapeHtml(x.channel)}</td>`,
        `<td align="right" style="${CELL}${right}">${escapeHtml(money(x.amount, x.currencyName))}</td>`,
        ...(multi
          ? [
              `<td align="right" style="${CELL}${right}">${x.rate === null ? 'no rate' : escapeHtml(rateText(x.rate))}</td>`,
              `<td align="right" style="${CELL}${right}">${x.convertedAmount === null ? '&mdash;' : escapeHtml(money(x.convertedAmount, r.tenantCurrency))}</td>`,
            ]
          : []),
        '</tr>',
      ].join(''),
    )
    .join('\n');
  const cols = multi ? 5 : 3;
  const empty = r.rows.length
    ? ''
    : `<tr><td colspan="${cols}" style="${CELL}color:#5b6770;">No offerings recorded for this date</td></tr>`;
  const total = `<tr><td colspan="${cols - 1}" align="right" style="${FONT}font-size:15px;font-weight:bold;padding:12px 8px;border-top:2px solid #1c252c;">Total</td><td align="right" style="${FONT}font-size:15px;font-weight:bold;padding:12px 8px;border-top:2px solid #1c252c;${right}">${escapeHtml(money(r.totalToday, r.tenantCurrency))}</td></tr>`;
  const message = r.message?.trim()
    ? `<tr><td style="${FONT}font-size:15px;line-height:1.5;color:#1c252c;padding:20px 16px 4px 16px;">${escapeHtml(r.message.trim()).replace(/\r?\n/g, '<br>')}</td></tr>`
    : '';
  const url = escapeHtml(r.fullReportUrl);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(reportSubject(r.activityName, r.date))}</title>
</head>
<body style="margin:0;padding:0;background-color:#f4f5f7;">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(`${title}, ${usDate(r.date)}: total offering ${money(r.totalToday, r.tenantCurrency)}`)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f4f5f7" style="background-color:#f4f5f7;">
<tr><td align="center" style="padding:16px 6px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="width:100%;max-width:600px;background-color:#ffffff;border:1px solid #dde2e6;border-collapse:collapse;">
${message}
<tr><td bgcolor="#1f3a5f" style="background-color:#1f3a5f;padding:20px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>
<td valign="top" style="${FONT}color:#ffffff;">
<div style="${FONT}font-size:13px;color:#c9d6e8;">${escapeHtml(r.churchName)}</div>
<div style="${FONT}font-size:26px;font-weight:bold;color:#ffffff;">Offering Report</div>
</td>
<td valign="top" align="right" style="${FONT}color:#ffffff;text-align:right;">
<div style="${FONT}font-size:13px;color:#c9d6e8;">Total Offering</div>
<div style="${FONT}font-size:20px;font-weight:bold;color:#ffffff;white-space:nowrap;">${escapeHtml(money(r.totalToday, r.tenantCurrency))}</div>
</td>
</tr></table>
</td></tr>
<tr><td style="padding:20px 16px 8px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>
<td style="${FONT}font-size:20px;font-weight:bold;color:#1c252c;">${escapeHtml(title)}</td>
<td align="right" style="${FONT}font-size:14px;color:#5b6770;text-align:right;white-space:nowrap;">${usDate(r.date)}</td>
</tr></table>
</td></tr>
<tr><td style="padding:8px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;">
<tr>${head}</tr>
${body}${empty}
${total}
</table>
</td></tr>
<tr><td align="right" style="padding:16px 16px 8px 16px;">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td bgcolor="#136acd" style="background-color:#136acd;border-radius:4px;"><a href="${url}" target="_blank" style="${FONT}display:inline-block;padding:10px 18px;font-size:14px;font-weight:bold;color:#ffffff;text-decoration:none;">${REPORT_MESSAGES.viewFullReport}</a></td>
</tr></table>
</td></tr>
<tr><td align="right" style="${FONT}padding:0 16px 20px 16px;font-size:12px;line-height:1.5;color:#5b6770;text-align:right;word-break:break-all;">Or open this address: <a href="${url}" target="_blank" style="color:#136acd;">${url}</a></td></tr>
<tr><td align="center" bgcolor="#eeeeee" style="${FONT}background-color:#eeeeee;padding:12px;font-size:12px;color:#5b6770;">Powered by Steward</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
