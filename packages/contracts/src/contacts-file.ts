import { z } from 'zod';

/*
 * POST /api/Messaging/ReadContactsFile (issue 9 'Composing': "an uploaded CSV or xlsx of
 * contacts"): the server reads an .xlsx spreadsheet of contacts for the compose page (the web
 * app reads CSV itself and carries no spreadsheet library).
 */

/** The multipart field the spreadsheet is sent in. */
export const CONTACTS_FILE_FIELD = 'contactsFile';
/** The largest contacts file read, in bytes (CSV in the browser, xlsx on the server). */
export const MAX_CONTACTS_FILE_BYTES = 5 * 1024 * 1024;
/** The most rows with values a spreadsheet may have (the most recipients of one message). */
export const MAX_CONTACTS_FILE_ROWS = 50_000;

/** Headings (compared trimmed, case-insensitively) that name the phone column. */
export const PHONE_HEADINGS = ['phone', 'phone number', 'mobile', 'mobile phone', 'telephone', 'number'] as const;
/** Headings (compared trimmed, case-insensitively) that name the e-mail column. */
export const EMAIL_HEADINGS = ['email', 'e-mail', 'email address'] as const;

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
/** A phone number as typed: an optional +, then 7 to 15 digits with spaces, dots, dashes or brackets. */
const PHONE = /^\+?[\d\s().-]{7,24}$/;

/** True when `text` looks like an e-mail address (sendEmail checks it again). */
export function looksLikeEmail(text: string): boolean {
  return EMAIL.test(text.trim());
}

/** True when `text` looks like a phone number: 7 to 15 digits (sendSms parses it against the church's country). */
export function looksLikePhone(text: string): boolean {
  const t = text.trim();
  if (!PHONE.test(t)) return false;
  const digits = t.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

/** A row of the sheet with no usable value for one channel: its row number, why, and its cells. */
export const ZContactsFileSkipped = z.object({
  /** the row's number in the sheet (1-based, as the spreadsheet shows it) */
  line: z.number().int().positive(),
  /** which list the row gave nothing to */
  field: z.enum(['phone', 'email']),
  reason: z.string(),
  /** the row's non-empty cells joined with ', ' (at most 200 characters) */
  text: z.string(),
});
export type TContactsFileSkipped = z.infer<typeof ZContactsFileSkipped>;

/**
 * What the sheet gave: the phone numbers and e-mail addresses as typed (trimmed, duplicates kept:
 * sendSms/sendEmail normalise and de-duplicate), the column each came from (its heading, or its
 * letter such as 'B' when the sheet has no heading row; null when no such column was found), and
 * the rows of a found column without a usable value.
 */
export const ZContactsFile = z.object({
  phones: z.array(z.string()),
  emails: z.array(z.string()),
  column: z.object({ phone: z.string().nullable(), email: z.string().nullable() }),
  skipped: z.array(ZContactsFileSkipped),
});
export type TContactsFile = z.infer<typeof ZContactsFile>;

export const ZContactsFileEnvelope = z.object({
  status: z.literal(true),
  response: z.string(),
  returnObject: ZContactsFile,
});
