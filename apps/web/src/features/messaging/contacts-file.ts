/*
 * 'Upload contacts' (giving spec 2.22; issue 9 'Composing'): a CSV file of contacts read in the
 * browser. The web app has no spreadsheet library (exceljs is a server dependency only), so an
 * .xlsx is refused with a hint to save it as CSV. Pure functions, unit-tested in
 * contacts-file.test.ts.
 */

export type ContactChannel = 'sms' | 'email';

/** The largest contacts file read, in bytes (about 100,000 rows of a name and a number). */
export const MAX_CONTACTS_FILE_BYTES = 5 * 1024 * 1024;

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
/** A phone number as typed: an optional +, then 7 to 15 digits with spaces, dots, dashes or brackets. */
const PHONE = /^\+?[\d\s().-]{7,24}$/;

/** True when `text` looks like an e-mail address (the server checks it again). */
export function looksLikeEmail(text: string): boolean {
  return EMAIL.test(text.trim());
}

/** True when `text` looks like a phone number: 7 to 15 digits (the server parses it against the church's country). */
export function looksLikePhone(text: string): boolean {
  const t = text.trim();
  if (!PHONE.test(t)) return false;
  const digits = t.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

/** Whether `text` is a usable address on `channel`. */
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
  const values: string[] = [];
  const seen = new Set<string>();
  const skipped: SkippedRow[] = [];
  let duplicates = 0;
  body.forEach((row, i) => {
    const cell =
      columnIndex >= 0 ? (row[columnIndex] ?? '').trim() : (row.find((c) => isAddress(channel, c)) ?? '').trim();
    if (!cell || !isAddress(channel, cell)) {
      skipped.push({ line: i + offset, text: row.join(', ').trim() });
      return;
    }
    const key = channel === 'email' ? cell.toLowerCase() : cell.replace(/[^\d+]/g, '');
    if (seen.has(key)) {
      duplicates += 1;
      return;
    }
    seen.add(key);
    values.push(cell);
  });
  return { values, column: columnIndex >= 0 ? first[columnIndex]!.trim() : null, skipped, duplicates };
}

/** Why a chosen file cannot be read, or null when it can (by its name and size; the content is parsed after). */
export function contactsFileProblem(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (/\.(xlsx|xls|ods|numbers)$/.test(name))
    return 'Spreadsheets cannot be read here yet: save the sheet as CSV (File › Save As › CSV) and upload that file';
  if (!/\.(csv|txt)$/.test(name)) return 'Choose a CSV file (.csv) of contacts';
  if (file.size > MAX_CONTACTS_FILE_BYTES) return 'The file is larger than 5 MB: split it into smaller files';
  if (file.size === 0) return 'The file is empty';
  return null;
}
