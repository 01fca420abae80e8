import { describe, expect, it } from 'vitest';
import { calendarLinks, EMPTY_DETAILS, eventDay, isClosed, personBody, readFlags } from './registration-logic.ts';

describe('readFlags', () => {
  it('turns on the fields whose query key is "true" (keys in any case)', () => {
    const f = readFlags(
      new URLSearchParams('Address=true&Gender=TRUE&Marital%20Status=true&Birthday=false&Wedding=true'),
    );
    expect(f).toEqual({
      cardNumber: false,
      address: true,
      gender: true,
      maritalStatus: true,
      birthday: false,
      wedding: true,
    });
    expect(readFlags(new URLSearchParams('Card/Checkin%20Number=true')).cardNumber).toBe(true);
  });
});

describe('dates', () => {
  it('shows the event day as MM/DD/YYYY without a zone shift', () => {
    expect(eventDay('2026-12-05T00:00:00')).toBe('12/05/2026');
  });
  it('is closed at and after the cut-off, open before it or without one', () => {
    const cut = '2026-01-01T10:00:00.000Z';
    const at = Date.parse(cut);
    expect(isClosed({ registrationCutOffTime: cut, isClosed: false }, at - 1)).toBe(false);
    expect(isClosed({ registrationCutOffTime: cut, isClosed: false }, at)).toBe(true);
    expect(isClosed({ registrationCutOffTime: null, isClosed: false }, at)).toBe(false);
    expect(isClosed({ registrationCutOffTime: null, isClosed: true }, at)).toBe(true);
  });
  it('builds all-day Google and Outlook links on the event day', () => {
    const l = calendarLinks(
      { fullEventName: 'Youth Camp', eventDate: '2026-12-31T00:00:00', eventDetails: null },
      'https://x/event/AB',
    );
    expect(l).not.toBeNull();
    const g = new URL(l!.google);
    expect(g.searchParams.get('text')).toBe('Youth Camp');
    expect(g.searchParams.get('dates')).toBe('20261231/20270101');
    expect(g.searchParams.get('details')).toBe('https://x/event/AB');
    const o = new URL(l!.outlook);
    expect(o.searchParams.get('startdt')).toBe('2026-12-31');
    expect(o.searchParams.get('enddt')).toBe('2027-01-01');
    expect(o.searchParams.get('subject')).toBe('Youth Camp');
  });
});

describe('personBody', () => {
  const fields = [
    { id: 'f1', label: 'T-shirt', controlType: 1, parameterValues: 'S,M', order: 1 },
    { id: 'f2', label: 'Note', controlType: 0, parameterValues: '', order: 2 },
  ];
  it('splits a new name at its first space and sends the answers given', () => {
    const b = personBody(
      {
        ...EMPTY_DETAILS,
        name: ' Ada  Grace Obi ',
        email: 'ada@x.org',
        birthDay: '4',
        birthMonth: '12',
        answers: { f1: 'M', f2: ' ' },
      },
      null,
      { name: false, email: false, address: false },
      '08031234567',
      fields,
    );
    expect(b.person).toMatchObject({
      personId: null,
      firstName: 'Ada',
      lastName: 'Grace Obi',
      email: 'ada@x.org',
      dayOfBirth: 4,
      monthOfBirth: 12,
    });
    expect(b.customAttributeData).toEqual([{ customAttributeID: 'f1', data: 'M', entityID: null }]);
  });
  it('never sends back the masked details of a found person', () => {
    const b = personBody(
      { ...EMPTY_DETAILS, name: 'A** O**', email: 'a***@x.org', address: '1 ***' },
      'p1',
      { name: true, email: true, address: true },
      '0803',
      [],
    );
    expect(b.person.firstName).toBeUndefined();
    expect(b.person.email).toBeUndefined();
    expect(b.person.homeAddress).toBeUndefined();
    expect(b.person.personId).toBe('p1');
  });
});
