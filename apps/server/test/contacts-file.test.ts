import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupChurch, startHarness, type Harness } from './helpers.ts';
import { expectBadRequest } from './fixtures.ts';

/**
 * POST /api/Messaging/ReadContactsFile (issue 9 'Composing': "an uploaded CSV or xlsx of
 * contacts"): the compose page sends an .xlsx in the multipart field contactsFile and gets back
 * the phone numbers and e-mail addresses of its first worksheet. A CSV sent here is refused (400):
 * the web app reads CSV itself, and this call reads only what it was built for, by content.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const URL_ = '/api/Messaging/ReadContactsFile';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 7)]);

/** An .xlsx built with exceljs: `fill` writes the first worksheet. */
async function workbook(fill: (sheet: ExcelJS.Worksheet, book: ExcelJS.Workbook) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  fill(book.addWorksheet('Contacts'), book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Posts `fields` as the browser's FormData sends them (a file part named `fileName`). */
async function post(token: string | null, fields: Record<string, Blob | string>, fileName = 'contacts.xlsx') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v, ...(typeof v === 'string' ? [] : [fileName]));
  const res = new Response(form);
  return h.app.inject({
    method: 'POST',
    url: URL_,
    payload: Buffer.from(await res.arrayBuffer()),
    headers: {
      'content-type': res.headers.get('content-type')!,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

const xlsx = (bytes: Buffer) => new Blob([bytes], { type: XLSX_TYPE });

describe('POST /api/Messaging/ReadContactsFile', () => {
  it('reads the Mobile Phone and E-mail columns of a heading row as typed, and reports the bad rows by line', async () => {
    const c = await signupChurch(h.app);
    const bytes = await workbook((sheet, book) => {
      sheet.addRow(['Name', ' Mobile Phone ', 'E-MAIL', 'Note']);
      sheet.addRow(['Ada', '0803 123 4501', 'ada@example.org', 'x']);
      // a number typed as a number, an address as a hyperlink
      sheet.addRow(['Bola', 2348031234502, { text: 'bola@example.org', hyperlink: 'mailto:bola@example.org' }]);
      sheet.addRow(['Chi', 'call me', '']);
      sheet.addRow([]);
      sheet.addRow(['Dayo', '+234 803 123 4501', 'ada@example.org']);
      book.addWorksheet('Ignored').addRow(['Phone', '08039999999']);
    });
    const res = await post(c.token, { contactsFile: xlsx(bytes) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { status: boolean; response: string; returnObject: Record<string, unknown> };
    expect(body.status).toBe(true);
    expect(body.response).toBe('Read 3 phone numbers and 3 e-mail addresses');
    expect(body.returnObject).toEqual({
      phones: ['0803 123 4501', '2348031234502', '+234 803 123 4501'],
      emails: ['ada@example.org', 'bola@example.org', 'ada@example.org'],
      column: { phone: 'Mobile Phone', email: 'E-MAIL' },
      skipped: [
        { line: 4, field: 'email', reason: 'no e-mail address', text: 'Chi, call me' },
        { line: 4, field: 'phone', reason: "'call me' is not a phone number", text: 'Chi, call me' },
      ],
    });
  });

  it('without a heading row, finds each column by its content and names it by its letter', async () => {
    const c = await signupChurch(h.app);
    const bytes = await workbook((sheet) => {
      sheet.addRow(['Ada', 'ada@example.org', '08031234501']);
      sheet.addRow(['Bola', 'bola@example.org', '08031234502']);
      sheet.addRow(['Chi', 'nobody', '08031234503']);
    });
    const res = await post(c.token, { contactsFile: xlsx(bytes) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().returnObject).toEqual({
      phones: ['08031234501', '08031234502', '08031234503'],
      emails: ['ada@example.org', 'bola@example.org'],
      column: { phone: 'C', email: 'B' },
      skipped: [
        { line: 3, field: 'email', reason: "'nobody' is not an e-mail address", text: 'Chi, nobody, 08031234503' },
      ],
    });
  });

  it('a sheet with only a phone column answers no e-mail column and skips nothing for e-mail', async () => {
    const c = await signupChurch(h.app);
    const bytes = await workbook((sheet) => {
      sheet.addRow(['Full name', 'Tel.']);
      sheet.addRow(['Ada', '08031234501']);
    });
    const res = await post(c.token, { contactsFile: xlsx(bytes) });
    expect(res.statusCode, res.body).toBe(200);
    // 'Tel.' is no known heading: the column is found by content and named by its heading
    expect(res.json().returnObject).toEqual({
      phones: ['08031234501'],
      emails: [],
      column: { phone: 'Tel.', email: null },
      skipped: [],
    });
  });

  it('refuses a PNG renamed .xlsx, a CSV, a missing, empty or too large file, and JSON, with 400 naming contactsFile', async () => {
    const c = await signupChurch(h.app);
    expectBadRequest(await post(c.token, { contactsFile: new Blob([PNG], { type: XLSX_TYPE }) }), 'contactsFile');
    const csv = await post(
      c.token,
      { contactsFile: new Blob(['Name,Phone\nAda,08031234501\n'], { type: 'text/csv' }) },
      'contacts.csv',
    );
    expectBadRequest(csv, 'contactsFile');
    expect(csv.json().errors[0].message).toMatch(/\.xlsx/);
    // Zip magic but no workbook inside
    const zipOnly = Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(200, 1)]);
    expectBadRequest(await post(c.token, { contactsFile: xlsx(zipOnly) }), 'contactsFile');
    expectBadRequest(await post(c.token, { other: xlsx(await workbook((s) => s.addRow(['Phone']))) }), 'contactsFile');
    expectBadRequest(await post(c.token, { contactsFile: 'not a file' }), 'contactsFile');
    expectBadRequest(await post(c.token, { contactsFile: new Blob([]) }), 'contactsFile');
    const big = await post(c.token, {
      contactsFile: new Blob([Buffer.from('504b0304', 'hex'), Buffer.alloc(5 * 1024 * 1024)]),
    });
    expect([400, 413]).toContain(big.statusCode);
    expect(big.json().status).toBe(false);
    const json = await h.app.inject({
      method: 'POST',
      url: URL_,
      payload: { contactsFile: 'x' },
      headers: { authorization: `Bearer ${c.token}` },
    });
    expectBadRequest(json, 'contactsFile');
  });

  it('refuses a sheet of more than 50,000 rows with 400 naming contactsFile', async () => {
    const c = await signupChurch(h.app);
    const bytes = await workbook((sheet) => {
      for (let i = 0; i < 50_001; i += 1) sheet.addRow([`0803${String(i).padStart(7, '0')}`]);
    });
    const res = await post(c.token, { contactsFile: xlsx(bytes) });
    expectBadRequest(res, 'contactsFile');
    expect(res.json().errors[0].message).toMatch(/more than 50,000 rows/);
  }, 60_000);

  it('answers 401 without a session', async () => {
    const bytes = await workbook((s) => s.addRow(['08031234501']));
    expect((await post(null, { contactsFile: xlsx(bytes) })).statusCode).toBe(401);
  });
});
