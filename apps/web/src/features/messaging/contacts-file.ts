import {
  MAX_CONTACTS_FILE_BYTES,
  looksLikeEmail,
  looksLikePhone,
  type TContactsFile,
} from '@steward/contracts/contacts-file';

/*
 * 'Upload contacts' (giving spec 2.22; issue 9 'Composing'): a CSV file of contacts is read in the
 * browser; an Excel workbook (.xlsx) is read by the server (POST /api/Messaging/ReadContactsFile:
 * exceljs is a server dependency only) and its answer turned into the same result as a CSV.
 * Pure functions, unit-tested in contacts-file.test.ts.
 */

export type ContactChannel = 'sms' | 'email';

/** Whether `text` is a usable address on `channel` (looksLikePhone / looksLikeEmail of the contracts). */
export function isAddress(channel: ContactChannel, text: string): boolean {
  return channel === 'sms' ? looksLikePhone(text) : looksLikeEmail(text);
}

/**
 * Parses CSV text (RFC 4180: quoted fields, doubled quotes inside them, CRLF or LF line ends, a
 * byte-order mark at the start) into rows of cells. The delimiter is ',' unless the first line has
 * more ';' than ',' (spreadsheets of some locales write ';'). Blank lines give no row.
 */
export function parseCsv(text: string): string[][] {
  const src = text.replace(/^\uFEFF/, '');
  const firstLine = src.slice(0, src.search(/\r?\n|$/));
  const count = (ch: string) => firstLine.split(ch).length - 1;
  const delimiter = count(';') > count(',') ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endRow = () => {
    row.push(cell);
    if (row.some((c) => c.trim() !== '')) rows.push(row);
    row = [];
    cell = '';
  };
  for (let i = 0; i < src.length; i += 1) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i += 1;
      endRow();
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}

/** A row of the file without a usable number or address: its line number (1-based) and its text. */
export interface SkippedRow {
  line: number;
  text: string;
}

/** What a contacts file gave. */
export interface ContactsFromFile {
  /** the usable numbers or addresses, trimmed, without duplicates, in file order */
  values: string[];
  /** the heading of the column read, or null when each row was searched for a usable cell */
  column: string | null;
  /** rows with no usable value (never dropped silently) */
  skipped: SkippedRow[];
  /** values left out because they were already in the file */
  duplicates: number;
}

const HEADINGS: Record<ContactChannel, RegExp> = {
  sms: /phone|mobile|number|tel|msisdn|cell|gsm/i,
  email: /e-?mail/i,
};

/**
 * The numbers (SMS) or e-mail addresses (e-mail) of a parsed contacts file. When the first row is
 * a heading row with a column named like 'Phone'/'Mobile'/'Number' (SMS) or 'Email' (e-mail),
 * that column is read; otherwise each row gives its first cell that looks like a number or an
 * address. Rows without one are reported in `skipped`, with their line number.
 */
export function contactsFromRows(rows: string[][], channel: ContactChannel): ContactsFromFile {
  const first = rows[0] ?? [];
  const headed = first.length > 0 && !first.some((c) => isAddress(channel, c));
  const columnIndex = headed ? first.findIndex((c) => HEADINGS[channel].test(c)) : -1;
  const body = headed ? rows.slice(1) : rows;
  const offset = headed ? 2 : 1;
  const found: string[] = [];
  const skipped: SkippedRow[] = [];
  body.forEach((row, i) => {
    const cell =
      columnIndex >= 0 ? (row[columnIndex] ?? '').trim() : (row.find((c) => isAddress(channel, c)) ?? '').trim();
    if (!cell || !isAddress(channel, cell)) skipped.push({ line: i + offset, text: row.join(', ').trim() });
    else found.push(cell);
  });
  return {
    ...withoutDuplicates(found, channel),
    column: columnIndex >= 0 ? first[columnIndex]!.trim() : null,
    skipped,
  };
}

/**
 * `values` in order without the ones already seen: e-mail addresses compared case-insensitively,
 * numbers by their digits and '+' ('0803 123 4501' and '08031234501' are one number).
 */
function withoutDuplicates(values: string[], channel: ContactChannel): { values: string[]; duplicates: number } {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values) {
    const key = channel === 'email' ? v.toLowerCase() : v.replace(/[^\d+]/g, '');
    if (!seen.has(key)) {
      seen.add(key);
      out.push(v);
    }
  }
  return { values: out, duplicates: values.length - out.length };
}

/**
 * The server's reading of an .xlsx (POST /api/Messaging/ReadContactsFile) as the same result as a
 * CSV's: the numbers (SMS) or addresses (e-mail) without duplicates, the column they came from (its
 * heading, or its letter in a sheet without headings), and the rows without one, by their row
 * number in the sheet.
 */
export function contactsFromSheet(sheet: TContactsFile, channel: ContactChannel): ContactsFromFile {
  const field = channel === 'sms' ? 'phone' : 'email';
  const skipped = sheet.skipped.filter((s) => s.field === field).map((s) => ({ line: s.line, text: s.text }));
  return {
    ...withoutDuplicates(channel === 'sms' ? sheet.phones : sheet.emails, channel),
    column: sheet.column[field],
    skipped,
  };
}

/** How a contacts file is read: 'csv' in the browser, 'xlsx' by the server; by its name (the server checks the content). */
export function contactsFileKind(name: string): 'csv' | 'xlsx' {
  return /\.xlsx$/i.test(name) ? 'xlsx' : 'csv';
}

/** Why a chosen file cannot be read, or null when it can (by its name and size; the content is read after). */
export function contactsFileProblem(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (/\.(xls|ods|numbers)$/.test(name))
    return 'This kind of spreadsheet cannot be read: save it as an Excel workbook (.xlsx) or as CSV and upload that file';
  if (!/\.(csv|txt|xlsx)$/.test(name)) return 'Choose a CSV file (.csv) or an Excel workbook (.xlsx) of contacts';
  if (file.size > MAX_CONTACTS_FILE_BYTES) return 'The file is larger than 5 MB: split it into smaller files';
  if (file.size === 0) return 'The file is empty';
  return null;
}
