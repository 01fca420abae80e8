/*
 * The choices the public pages' person forms offer (check-in and event registration): month
 * names, the days of a month, a custom field's comma-separated options, and the e-mail rule.
 */

/** Month names of the birthday and wedding pickers, January first (the pages send 1-12). */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The days a day picker offers: 1 to 31 (the server checks the day against the month). */
export const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

/**
 * The options of a dropdown or multi-select custom field (`parameterValues`, spec §3:
 * comma-separated values): trimmed, blanks left out, in order.
 */
export const commaOptions = (parameterValues: string): string[] =>
  parameterValues
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);

/**
 * What the public pages accept as an e-mail address: the server's rule (contracts
 * attendance-public.ts EMAIL_PATTERN), restated here so that these pages load no zod.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
