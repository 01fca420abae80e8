import { describe, expect, it } from 'vitest';
import { contactsFileProblem, contactsFromRows, looksLikeEmail, looksLikePhone, parseCsv } from './contacts-file.ts';

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

describe('contactsFileProblem', () => {
  it('refuses spreadsheets, other types, empty and large files', () => {
    expect(contactsFileProblem({ name: 'members.xlsx', size: 10 })).toMatch(/save the sheet as CSV/);
    expect(contactsFileProblem({ name: 'photo.png', size: 10 })).toBe('Choose a CSV file (.csv) of contacts');
    expect(contactsFileProblem({ name: 'a.csv', size: 0 })).toBe('The file is empty');
    expect(contactsFileProblem({ name: 'a.csv', size: 6 * 1024 * 1024 })).toMatch(/larger than 5 MB/);
    expect(contactsFileProblem({ name: 'Members.CSV', size: 100 })).toBeNull();
  });
});
