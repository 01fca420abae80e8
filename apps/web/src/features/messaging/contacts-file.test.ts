import { describe, expect, it } from 'vitest';
import { looksLikeEmail, looksLikePhone, type TContactsFile } from '@steward/contracts/contacts-file';
import {
  contactsFileKind,
  contactsFileProblem,
  contactsFromRows,
  contactsFromSheet,
  parseCsv,
} from './contacts-file.ts';

describe('parseCsv', () => {
  it('reads quoted cells, doubled quotes, CRLF and a byte-order mark, and drops blank lines', () => {
    const text = '\uFEFFName,Phone\r\n"Okafor, Adaeze","0803 123 4501"\r\n\r\n"Say ""hi""",+2348031234502\n';
    expect(parseCsv(text)).toEqual([
      ['Name', 'Phone'],
      ['Okafor, Adaeze', '0803 123 4501'],
      ['Say "hi"', '+2348031234502'],
    ]);
  });

  it('uses ; when the first line has more of them than commas', () => {
    expect(parseCsv('Name;Email\nAda;ada@example.org')).toEqual([
      ['Name', 'Email'],
      ['Ada', 'ada@example.org'],
    ]);
  });

  it('keeps a last line without a line end', () => {
    expect(parseCsv('08031234501\n08031234502')).toEqual([['08031234501'], ['08031234502']]);
  });
});

describe('looksLikePhone / looksLikeEmail', () => {
  it('accepts numbers of 7 to 15 digits with the usual separators and refuses others', () => {
    expect(looksLikePhone('+234 (803) 123-4501')).toBe(true);
    expect(looksLikePhone('08031234501')).toBe(true);
    expect(looksLikePhone('12')).toBe(false);
    expect(looksLikePhone('1234567890123456')).toBe(false);
    expect(looksLikePhone('Adaeze')).toBe(false);
  });
  it('accepts user@domain.tld only', () => {
    expect(looksLikeEmail('Pastor@Example.org')).toBe(true);
    expect(looksLikeEmail('not-an-address')).toBe(false);
    expect(looksLikeEmail('a@b')).toBe(false);
  });
});

describe('contactsFromRows', () => {
  it('reads the Phone column of a heading row and reports rows without a number by line', () => {
    const rows = parseCsv('Name,Phone,Email\nAda,08031234501,ada@x.org\nBola,,bola@x.org\nChi,08031234503,\n');
    const got = contactsFromRows(rows, 'sms');
    expect(got).toEqual({
      values: ['08031234501', '08031234503'],
      column: 'Phone',
      skipped: [{ line: 3, text: 'Bola, , bola@x.org' }],
      duplicates: 0,
    });
  });

  it('reads the Email column for e-mail and leaves out duplicates, case-insensitively', () => {
    const rows = parseCsv('Email,Name\nada@x.org,Ada\nADA@x.org,Ada again\nnope,Nobody');
    const got = contactsFromRows(rows, 'email');
    expect(got.values).toEqual(['ada@x.org']);
    expect(got.duplicates).toBe(1);
    expect(got.skipped).toEqual([{ line: 4, text: 'nope, Nobody' }]);
  });

  it('without a heading row, takes the first usable cell of each row', () => {
    const rows = parseCsv('Ada,08031234501\n08031234502\nhello,world');
    const got = contactsFromRows(rows, 'sms');
    expect(got.column).toBeNull();
    expect(got.values).toEqual(['08031234501', '08031234502']);
    expect(got.skipped).toEqual([{ line: 3, text: 'hello, world' }]);
  });

  it('counts numbers written differently as the same number', () => {
    const got = contactsFromRows(parseCsv('0803 123 4501\n08031234501'), 'sms');
    expect(got.values).toEqual(['0803 123 4501']);
    expect(got.duplicates).toBe(1);
  });
});

describe('contactsFromSheet', () => {
  const sheet: TContactsFile = {
    phones: ['0803 123 4501', '2348031234502', '08031234501'],
    emails: ['ada@x.org', 'ADA@x.org'],
    column: { phone: 'Mobile', email: 'Email' },
    skipped: [
      { line: 4, field: 'email', reason: 'no e-mail address', text: 'Chi, call me' },
      { line: 4, field: 'phone', reason: "'call me' is not a phone number", text: 'Chi, call me' },
      { line: 5, field: 'email', reason: 'no e-mail address', text: 'Dayo, 08031234501' },
    ],
  };

  it('gives the numbers of a workbook as a CSV would: duplicates left out, its skipped rows by line', () => {
    expect(contactsFromSheet(sheet, 'sms')).toEqual({
      values: ['0803 123 4501', '2348031234502'],
      column: 'Mobile',
      skipped: [{ line: 4, text: 'Chi, call me' }],
      duplicates: 1,
    });
  });

  it('gives the addresses for e-mail, with the rows skipped for e-mail only', () => {
    expect(contactsFromSheet(sheet, 'email')).toEqual({
      values: ['ada@x.org'],
      column: 'Email',
      skipped: [
        { line: 4, text: 'Chi, call me' },
        { line: 5, text: 'Dayo, 08031234501' },
      ],
      duplicates: 1,
    });
  });
});

describe('contactsFileProblem / contactsFileKind', () => {
  it('accepts CSV and .xlsx, refuses other spreadsheets, other types, empty and large files', () => {
    expect(contactsFileProblem({ name: 'Members.XLSX', size: 10 })).toBeNull();
    expect(contactsFileProblem({ name: 'members.xls', size: 10 })).toMatch(
      /save it as an Excel workbook \(\.xlsx\) or as CSV/,
    );
    expect(contactsFileProblem({ name: 'members.ods', size: 10 })).toMatch(/cannot be read/);
    expect(contactsFileProblem({ name: 'photo.png', size: 10 })).toBe(
      'Choose a CSV file (.csv) or an Excel workbook (.xlsx) of contacts',
    );
    expect(contactsFileProblem({ name: 'a.csv', size: 0 })).toBe('The file is empty');
    expect(contactsFileProblem({ name: 'a.xlsx', size: 6 * 1024 * 1024 })).toMatch(/larger than 5 MB/);
    expect(contactsFileProblem({ name: 'Members.CSV', size: 100 })).toBeNull();
  });

  it('sends .xlsx to the server and reads everything else as CSV', () => {
    expect(contactsFileKind('Members.XLSX')).toBe('xlsx');
    expect(contactsFileKind('members.csv')).toBe('csv');
    expect(contactsFileKind('numbers.txt')).toBe('csv');
  });
});
