import { describe, expect, it } from 'vitest';
import {
  DESTINATION_OPTIONS,
  NO_DESTINATIONS,
  cut,
  destinationFields,
  destinationProblem,
  emailHtml,
  hasMergeFields,
  insertAt,
  plainText,
  plural,
  recipientEstimate,
  splitTyped,
  unusableTyped,
  type Destinations,
} from './compose-model.ts';

const G1 = '11111111-1111-4111-8111-111111111111';
const G2 = '22222222-2222-4222-8222-222222222222';
const P1 = '33333333-3333-4333-8333-333333333333';
const upload = (values: string[]): Destinations['upload'] => ({
  fileName: 'c.csv',
  contacts: { values, column: 'Phone', skipped: [], duplicates: 0 },
});

describe('DESTINATION_OPTIONS (giving spec 2.22)', () => {
  it('lists the spec’s options per channel, in order', () => {
    expect(DESTINATION_OPTIONS.sms.map((o) => o.label)).toEqual([
      'All contacts',
      'Select group from database',
      'Select person from membership database',
      'Phone numbers',
      'Upload contacts',
    ]);
    expect(DESTINATION_OPTIONS.email.map((o) => o.label)).toEqual([
      'All contacts',
      'Select group from database',
      'Select person from membership database',
      'Emails',
    ]);
  });
});

describe('destinationFields', () => {
  it('sends groups, people and typed plus uploaded values (each once) as the existing client does', () => {
    const d: Destinations = {
      kinds: ['group', 'person', 'typed', 'upload'],
      groupIds: [G1, G2, G1],
      people: [{ id: P1, name: 'Ada', address: '0803' }],
      typed: '08030001111;\n +234 803 000 2222 ,',
      upload: upload(['08030001111', '08030003333']),
    };
    expect(destinationFields(d)).toEqual({
      groupedContacts: [`group_${G1}`, `group_${G2}`],
      ToContacts: P1,
      toOthers: '08030001111,+234 803 000 2222,08030003333',
    });
  });

  it("sends 'allcontacts_all' alone when All contacts is checked, and ignores unchecked kinds", () => {
    const d: Destinations = { ...NO_DESTINATIONS, kinds: ['all', 'group'], groupIds: [G1], typed: '0803' };
    expect(destinationFields(d)).toEqual({ groupedContacts: ['allcontacts_all'], ToContacts: '', toOthers: '' });
  });
});

describe('destinationProblem', () => {
  it('asks for a destination, and for the content of each chosen kind', () => {
    expect(destinationProblem('sms', NO_DESTINATIONS)).toBe('Choose at least one destination');
    expect(destinationProblem('sms', { ...NO_DESTINATIONS, kinds: ['group'] })).toBe('Choose at least one group');
    expect(destinationProblem('sms', { ...NO_DESTINATIONS, kinds: ['person'] })).toBe('Choose at least one person');
    expect(destinationProblem('sms', { ...NO_DESTINATIONS, kinds: ['typed'], typed: ' , ' })).toBe(
      'Enter at least one phone number',
    );
    expect(destinationProblem('email', { ...NO_DESTINATIONS, kinds: ['typed'] })).toBe(
      'Enter at least one e-mail address',
    );
    expect(destinationProblem('sms', { ...NO_DESTINATIONS, kinds: ['upload'], upload: upload([]) })).toMatch(/CSV/);
    expect(destinationProblem('sms', { ...NO_DESTINATIONS, kinds: ['all', 'group'] })).toBeNull();
  });
});

describe('recipientEstimate', () => {
  const groups = new Map([
    [G1, 4],
    [G2, 3],
  ]);
  it('is exact for one source and at most for several', () => {
    expect(recipientEstimate({ ...NO_DESTINATIONS, kinds: ['typed'], typed: 'a,b' }, { all: 9, groups })).toEqual({
      count: 2,
      atMost: false,
    });
    expect(recipientEstimate({ ...NO_DESTINATIONS, kinds: ['all'] }, { all: 9, groups })).toEqual({
      count: 9,
      atMost: false,
    });
    expect(
      recipientEstimate(
        { ...NO_DESTINATIONS, kinds: ['group', 'typed'], groupIds: [G1, G2], typed: 'a' },
        { all: 9, groups },
      ),
    ).toEqual({ count: 8, atMost: true });
  });
  it('is unknown while the counts load', () => {
    expect(recipientEstimate({ ...NO_DESTINATIONS, kinds: ['all'] }, { all: null, groups: null }).count).toBeNull();
    expect(
      recipientEstimate({ ...NO_DESTINATIONS, kinds: ['group'], groupIds: [G1] }, { all: null, groups: null }).count,
    ).toBeNull();
  });
});

describe('texts', () => {
  it('splits typed values at commas, semicolons and lines', () => {
    expect(splitTyped('a, b;c\n\nd\t e')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(unusableTyped('sms', '08031234501, 12, hello')).toEqual(['12', 'hello']);
    expect(unusableTyped('email', 'a@b.org, nope')).toEqual(['nope']);
  });
  it('finds merge fields in any case', () => {
    expect(hasMergeFields('Hi {FirstName}')).toBe(true);
    expect(hasMergeFields('Hi {first name}')).toBe(false);
  });
  it('inserts at the caret, replacing a selection', () => {
    expect(insertAt('Hello !', 6, 6, '{firstName}')).toEqual({ text: 'Hello {firstName}!', caret: 17 });
    expect(insertAt('Hello you!', 6, 9, 'X')).toEqual({ text: 'Hello X!', caret: 7 });
  });
  it('turns plain text into escaped paragraphs with line breaks and links', () => {
    expect(emailHtml('Dear {firstName},\nwelcome <all>.\n\n\nSee https://grace.example/x.\r\n')).toBe(
      '<p>Dear {firstName},<br>welcome &lt;all&gt;.</p>\n<p>See <a href="https://grace.example/x">https://grace.example/x</a>.</p>',
    );
    expect(emailHtml('  \n ')).toBe('');
  });
  it('formats counts', () => {
    expect(plural(1, 'unit')).toBe('1 unit');
    expect(plural(12500, 'unit')).toBe('12,500 units');
  });
});

describe('plainText / cut', () => {
  it('reads the text of an HTML body', () => {
    expect(plainText('<h1>Offering&nbsp;report</h1><p>A &amp; B<br>C &lt;3</p><style>p{}</style>')).toBe(
      'Offering report A & B C <3',
    );
  });
  it('cuts by code point with an ellipsis', () => {
    expect(cut('Hello 😀 world', 7)).toEqual({ text: 'Hello 😀…', cut: true });
    expect(cut('Short', 7)).toEqual({ text: 'Short', cut: false });
  });
});
