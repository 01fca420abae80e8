import { REPORT_MESSAGES } from '@steward/contracts/report';
import { isGsm7, smsSegments } from '@steward/contracts/sms-segments';
import { formatDate } from '../../components/dates.ts';
import { formatAmount } from '../../components/format-amount.ts';

/**
 * Copies `text` to the clipboard: the Clipboard API first, then the selection of `input`
 * with execCommand('copy') where that API is refused (older browsers, no permission).
 * Answers whether it worked; never throws.
 */
export async function copyText(text: string, input?: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!input) return false;
    try {
      input.focus();
      input.select();
      input.setSelectionRange(0, text.length); // mobile browsers
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/** The absolute address of a share link's page ('/r/{token}' on this site). */
export const shareUrl = (path: string): string => `${window.location.origin}${path}`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s()-]{7,20}$/;

/**
 * What Send does with the To rows of a tab (spec §4 'Send dialog'): the error to show, or the
 * recipients (trimmed, empty rows left out, duplicates removed; on the e-mail tab the user's own
 * address is added when `copyTo` is given: 'Send a copy to myself'). With no recipient at all,
 * 'Enter at least a destination for the report'; SMS with no phone shows it and aborts.
 */
export function checkDestinations(
  tab: 'email' | 'sms',
  to: string[],
  copyTo: string | null,
): { error: string } | { recipients: string[] } {
  const filled = to.map((t) => t.trim()).filter(Boolean);
  if (filled.length === 0 && (tab === 'sms' || !copyTo)) return { error: REPORT_MESSAGES.noDestination };
  const bad = filled.find((t) => !(tab === 'email' ? EMAIL : PHONE).test(t));
  if (bad) return { error: `${bad} is not ${tab === 'email' ? 'an e-mail address' : 'a phone number'}` };
  const all = tab === 'email' && copyTo ? [...filled, copyTo] : filled;
  const seen = new Set<string>();
  return {
    recipients: all.filter((r) => {
      const k = tab === 'email' ? r.toLowerCase() : r.replace(/[\s()-]/g, '');
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    }),
  };
}

/** What the report's SMS says. */
export interface ReportSmsFacts {
  /** the event's name; null for the whole day's report */
  eventName: string | null;
  /** YYYY-MM-DD */
  date: string;
  /** decimal, in `currency` */
  total: number;
  /** ISO 4217 */
  currency: string;
  /** the absolute 'View full report' address (the e-mail's link) */
  url: string;
}

/** The most SMS segments the proposed text aims at (issue 9: a short summary). */
export const REPORT_SMS_SEGMENTS = 2;

const plainSpaces = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
/** A rate as the report shows it: up to 6 decimals, grouped ('1,465.5'). */
const formatRate = (rate: number): string => rate.toLocaleString('en-US', { maximumFractionDigits: 6 });

/**
 * The SMS the SMS tab proposes (issue 9 'The offering report goes out': a short summary):
 * 'Report For {event}: total {amount} on {MM/DD/YYYY}. View: {url}' ('Report For {date}: total
 * {amount}. View: {url}' for the whole day's report). The amount keeps its symbol when the symbol
 * is in the GSM-7 alphabet ($, £, €) and is written with its code otherwise (NGN 27,155.50: '₦'
 * would make the whole SMS UCS-2, 70 characters a segment). A long event name is cut (with
 * '...') so the text stays within {@link REPORT_SMS_SEGMENTS} segments when that is possible.
 */
export function reportSmsText(f: ReportSmsFacts): string {
  const symbol = plainSpaces(formatAmount(f.total, f.currency, { absolute: true }));
  const amount = isGsm7(symbol)
    ? symbol
    : plainSpaces(formatAmount(f.total, f.currency, { absolute: true, display: 'code' }));
  const day = formatDate(f.date);
  const build = (name: string | null) =>
    name
      ? `${REPORT_MESSAGES.subject(name)}: total ${amount} on ${day}. View: ${f.url}`
      : `${REPORT_MESSAGES.subject(day)}: total ${amount}. View: ${f.url}`;
  const full = build(f.eventName);
  if (!f.eventName || smsSegments(full).segments <= REPORT_SMS_SEGMENTS) return full;
  const chars = Array.from(f.eventName);
  for (let n = chars.length - 1; n >= 8; n--) {
    const cut = build(`${chars.slice(0, n).join('').trimEnd()}...`);
    if (smsSegments(cut).segments <= REPORT_SMS_SEGMENTS) return cut;
  }
  return full;
}

/** What the e-mail's plain-text part says (the HTML's twin). */
export interface ReportEmailTextFacts {
  /** the sender's message put above the report ('' for none) */
  note: string;
  churchName: string;
  /** the event's name; null for the whole day's report */
  eventName: string | null;
  /** YYYY-MM-DD */
  date: string;
  /** ISO 4217 of the church */
  currency: string;
  /** decimal, church currency */
  total: number;
  /** each offering: item, channel, amount in its currency, the rate and the amount in the church currency */
  rows: {
    contribution: string;
    channel: string;
    currencyName: string;
    amount: number;
    rate: number | null;
    convertedAmount: number | null;
  }[];
  /** the absolute 'View full report' address */
  url: string;
}

/**
 * The plain-text part of the report e-mail (multipart/alternative beside the HTML, for mail
 * clients that show no HTML): the message, the church and 'Offering Report', the event and date
 * (MM/DD/YYYY), one line per offering ('Sunday Offering, Cash: ₦45,000.00'; in another currency
 * '$10.00 at 1,465.5 = ₦14,655.00'), the total and 'View full report: {url}'. The same facts as
 * the HTML (report-email.ts on the server); no donor names.
 */
export function reportEmailText(f: ReportEmailTextFacts): string {
  const money = (amount: number, currency: string) => plainSpaces(formatAmount(amount, currency, { absolute: true }));
  const lines = f.rows.map((r) => {
    const own = money(r.amount, r.currencyName);
    const value =
      r.currencyName === f.currency
        ? own
        : `${own} at ${r.rate === null ? 'no rate' : formatRate(r.rate)}${r.convertedAmount === null ? '' : ` = ${money(r.convertedAmount, f.currency)}`}`;
    return `${r.contribution}, ${r.channel}: ${value}`;
  });
  return [
    ...(f.note.trim() ? [f.note.trim(), ''] : []),
    `${f.churchName}: Offering Report`,
    `${f.eventName ?? 'Offering Details'}, ${formatDate(f.date)}`,
    '',
    ...(lines.length ? lines : ['No offerings recorded for this date']),
    '',
    `Total Offering: ${money(f.total, f.currency)}`,
    '',
    `${REPORT_MESSAGES.viewFullReport}: ${f.url}`,
  ].join('\n');
}
