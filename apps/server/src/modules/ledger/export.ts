import ExcelJS from 'exceljs';
import type { TTransactionRecord } from '@steward/contracts/finance';

export const EXPORT_FORMATS = ['xlsx', 'csv', 'txt'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const HEADERS = ['DATE', 'NUMBER', 'DESCRIPTION', 'AMOUNT', 'CURRENCY', 'CATEGORY', 'ACCOUNT', 'APPROVED', 'MEMO'];

/** The categories as the screen names them. */
const CATEGORY_LABEL: Record<TTransactionRecord['category'], string> = {
  inflow: 'Income',
  outflow: 'Expense',
  Journal: 'Journal',
};

const cells = (r: TTransactionRecord) => [
  r.date,
  r.transactionNumber,
  r.narration,
  r.amount,
  r.currency.shortCode,
  CATEGORY_LABEL[r.category],
  r.accountName,
  r.approved ? 'Yes' : 'No',
  r.memo,
];

/**
 * A text cell a spreadsheet would run as a formula (leading =, +, -, @, tab or CR: OWASP's
 * list) gets a leading apostrophe, so it opens as text. Numbers are written as they are.
 */
function defused(v: string | number): string {
  if (typeof v === 'number') return String(v);
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

/** A CSV field: defused against formula injection, then quoted when needed. */
function csvField(v: string | number): string {
  const safe = defused(v);
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A tab-separated field: defused as in csv (issue 6), then tabs and line breaks become one space. */
const txtField = (v: string | number): string => defused(v).replace(/[\t\r\n]+/g, ' ');

/**
 * The finance table as a file (spec 2.8 export menu): xlsx through exceljs (dates as dates,
 * amounts as numbers with two decimals), csv, or tab-separated txt.
 * @returns the bytes, the MIME type and the file name
 */
export async function exportRecords(records: TTransactionRecord[], format: ExportFormat, stamp: string) {
  const name = `transactions-${stamp}.${format}`;
  if (format === 'xlsx') {
    const wb = new ExcelJS.Workbook();
    wb.creator = 'Steward';
    const ws = wb.addWorksheet('Transactions');
    ws.addRow(HEADERS).font = { bold: true };
    for (const r of records) {
      const row = cells(r);
      ws.addRow([new Date(`${r.date}T00:00:00Z`), ...row.slice(1)]);
    }
    ws.getColumn(1).numFmt = 'mm/dd/yyyy';
    ws.getColumn(4).numFmt = '#,##0.00';
    ws.columns.forEach((c, i) => (c.width = [12, 14, 36, 16, 10, 10, 20, 10, 30][i]));
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    return { body: buf, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', name };
  }
  const sep = format === 'csv' ? ',' : '\t';
  const field = format === 'csv' ? csvField : txtField;
  const text = [HEADERS.join(sep), ...records.map((r) => cells(r).map(field).join(sep))].join('\r\n') + '\r\n';
  return {
    body: Buffer.from(text, 'utf8'),
    type: format === 'csv' ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8',
    name,
  };
}
