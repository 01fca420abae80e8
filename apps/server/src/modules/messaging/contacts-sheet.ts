import ExcelJS from 'exceljs';
import { fileTypeFromBuffer } from 'file-type';
import {
  CONTACTS_FILE_FIELD,
  EMAIL_HEADINGS,
  MAX_CONTACTS_FILE_BYTES,
  MAX_CONTACTS_FILE_ROWS,
  PHONE_HEADINGS,
  looksLikeEmail,
  looksLikePhone,
  type TContactsFile,
  type TContactsFileSkipped,
} from '@steward/contracts/contacts-file';
import { badRequest } from '../../lib/errors.ts';
import { MultipartBody } from '../media/service.ts';

/*
 * The contacts spreadsheet of the compose page (issue 9 'Composing': "an uploaded CSV or xlsx of
 * contacts"): the .xlsx file of a multipart body, checked by its content, and its first worksheet
 * read into phone numbers and e-mail addresses as typed. Nothing is stored.
 */

/** A row of the sheet with values: its number in the sheet and its cells as text (trimmed, '' for blanks). */
interface SheetRow {
  line: number;
  cells: string[];
}

type Channel = 'phone' | 'email';

const HEADINGS: Record<Channel, readonly string[]> = { phone: PHONE_HEADINGS, email: EMAIL_HEADINGS };
const LOOKS: Record<Channel, (text: string) => boolean> = { phone: looksLikePhone, email: looksLikeEmail };
const NAMES: Record<Channel, string> = { phone: 'phone number', email: 'e-mail address' };
const A_NAME: Record<Channel, string> = { phone: 'a phone number', email: 'an e-mail address' };
/** A Zip archive's local file header (an .xlsx is a Zip of XML parts). */
const ZIP_MAGIC = Buffer.from('504b0304', 'hex');
const REFUSED = 'must be an Excel workbook (.xlsx)';

/**
 * The spreadsheet of a multipart body (field contactsFile), read with the platform's own multipart
 * parser (the Fetch API's FormData, as media/service.ts fileOf does) and checked by its content: a
 * Zip archive that file-type recognises as xlsx. Answers its bytes. Throws 400 naming contactsFile
 * when the body is not multipart, has no such file, or the file is empty, larger than 5 MB or not
 * an .xlsx workbook (a CSV, an image renamed .xlsx, an old .xls).
 */
export async function contactsFileOf(body: unknown, contentType: string | undefined): Promise<Buffer> {
  if (!(body instanceof MultipartBody) || !contentType?.toLowerCase().startsWith('multipart/form-data'))
    throw badRequest(CONTACTS_FILE_FIELD, 'send the file as multipart/form-data');
  let form: FormData;
  try {
    form = await new Request('http://local/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: body.bytes,
    }).formData();
  } catch {
    throw badRequest(CONTACTS_FILE_FIELD, 'the multipart body could not be read');
  }
  const file = form.get(CONTACTS_FILE_FIELD);
  if (!file || typeof file === 'string') throw badRequest(CONTACTS_FILE_FIELD, 'is required: choose a file');
  if (file.size === 0) throw badRequest(CONTACTS_FILE_FIELD, 'is empty');
  if (file.size > MAX_CONTACTS_FILE_BYTES) throw badRequest(CONTACTS_FILE_FIELD, 'is larger than 5 MB');
  const bytes = Buffer.from(await file.arrayBuffer());
  if (!bytes.subarray(0, 4).equals(ZIP_MAGIC)) throw badRequest(CONTACTS_FILE_FIELD, REFUSED);
  const kind = await fileTypeFromBuffer(bytes);
  if (kind?.ext !== 'xlsx') throw badRequest(CONTACTS_FILE_FIELD, REFUSED);
  return bytes;
}

/** A cell as the sheet shows it (formula results, hyperlink and rich text as their text), trimmed. */
function cellText(cell: ExcelJS.Cell): string {
  try {
    return cell.text.trim().replace(/^mailto:/i, '');
  } catch {
    return '';
  }
}

/** The column letter of a 0-based index: 0 -> 'A', 26 -> 'AA'. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/**
 * The rows with values of the first worksheet of `bytes`. Throws 400 naming contactsFile when the
 * workbook cannot be loaded, has no worksheet, or has more than 50,000 rows with values.
 */
async function sheetRows(bytes: Buffer): Promise<SheetRow[]> {
  const book = new ExcelJS.Workbook();
  try {
    // exceljs types its input as an ArrayBuffer; its Zip reader takes one as well as a Buffer
    await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch {
    throw badRequest(CONTACTS_FILE_FIELD, 'could not be read as an Excel workbook (.xlsx)');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw badRequest(CONTACTS_FILE_FIELD, 'has no worksheet');
  if (sheet.actualRowCount > MAX_CONTACTS_FILE_ROWS)
    throw badRequest(CONTACTS_FILE_FIELD, `has more than ${MAX_CONTACTS_FILE_ROWS.toLocaleString('en')} rows`);
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      cells[col - 1] = cellText(cell);
    });
    const filled = Array.from(cells, (c) => c ?? '');
    if (filled.some((c) => c !== '')) rows.push({ line, cells: filled });
  });
  return rows;
}

const heading = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The contacts of a sheet's rows. The first row is a heading row when one of its cells is a known
 * heading (PHONE_HEADINGS / EMAIL_HEADINGS, case-insensitive), or when it holds no phone number or
 * address while a later row does. Each list's column is the one its heading names; otherwise the
 * column with the most cells that look like one (leftmost on a tie), named by its heading or, in a
 * sheet without a heading row, by its letter. Rows whose cell in a found column is not usable are
 * reported in `skipped` for that list; values are kept as typed, duplicates included.
 */
export function contactsFromSheet(rows: SheetRow[]): TContactsFile {
  const first = rows[0]?.cells ?? [];
  const known = (ch: Channel) => first.findIndex((c) => HEADINGS[ch].includes(heading(c)));
  const usable = (cells: string[]) => cells.some((c) => looksLikePhone(c) || looksLikeEmail(c));
  const headed =
    known('phone') >= 0 || known('email') >= 0 || (!usable(first) && rows.slice(1).some((r) => usable(r.cells)));
  const body = headed ? rows.slice(1) : rows;

  const columnOf = (ch: Channel): number => {
    if (headed && known(ch) >= 0) return known(ch);
    const counts: number[] = [];
    for (const r of body)
      r.cells.forEach((c, i) => {
        if (LOOKS[ch](c)) counts[i] = (counts[i] ?? 0) + 1;
      });
    let best = -1;
    counts.forEach((n, i) => {
      if (n > 0 && (best < 0 || n > counts[best]!)) best = i;
    });
    return best;
  };

  const out: TContactsFile = { phones: [], emails: [], column: { phone: null, email: null }, skipped: [] };
  const skipped: TContactsFileSkipped[] = [];
  for (const ch of ['phone', 'email'] as const) {
    const index = columnOf(ch);
    if (index < 0) continue;
    out.column[ch] = (headed ? first[index] : '') || columnLetter(index);
    const list = ch === 'phone' ? out.phones : out.emails;
    for (const r of body) {
      const cell = r.cells[index] ?? '';
      if (LOOKS[ch](cell)) list.push(cell);
      else
        skipped.push({
          line: r.line,
          field: ch,
          reason: cell ? `'${cell.slice(0, 60)}' is not ${A_NAME[ch]}` : `no ${NAMES[ch]}`,
          text: r.cells
            .filter((c) => c !== '')
            .join(', ')
            .slice(0, 200),
        });
    }
  }
  out.skipped = skipped.sort((a, b) => a.line - b.line || a.field.localeCompare(b.field));
  return out;
}

/**
 * POST /api/Messaging/ReadContactsFile: the phone numbers and e-mail addresses of the first
 * worksheet of an .xlsx file (see contactsFromSheet). Throws 400 naming contactsFile as
 * contactsFileOf and sheetRows do.
 */
export async function readContactsSheet(bytes: Buffer): Promise<TContactsFile> {
  return contactsFromSheet(await sheetRows(bytes));
}
