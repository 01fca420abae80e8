import type { TCustomField } from '@steward/contracts/custom-fields';
import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from '../../api/http.ts';
import { EMPTY_DETAILS, submission, submitFailure, validate } from './checkin-logic.ts';
import { answerOf, fieldError, kindOf, optionsOf } from './custom-field-input.tsx';
import { eventDay } from './public-checkin-page.tsx';

const field = (controlType: number, parameterValues = ''): TCustomField => ({
  id: '00000000-0000-4000-8000-000000000001',
  label: 'Question',
  controlType,
  entityType: 5,
  parameterValues,
  order: 0,
  tenantID: '00000000-0000-4000-8000-000000000002',
});

describe('check-in custom fields', () => {
  it('reads the control types as spec §3 gives them, with the set-up codes 5 and 6 too', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 11, 99].map(kindOf)).toEqual([
      'text',
      'dropdown',
      'checkbox',
      'date',
      'email',
      'file',
      'number',
      'number',
      'multiselect',
      'text',
    ]);
  });

  it('splits the options on commas, trimmed, blanks out', () => {
    expect(optionsOf(field(1, ' Friend, Radio ,,TV'))).toEqual(['Friend', 'Radio', 'TV']);
  });

  it('answers text trimmed, a checkbox as a boolean, choices joined, nothing as null', () => {
    expect(answerOf(field(0), '  hi ')).toBe('hi');
    expect(answerOf(field(0), '   ')).toBeNull();
    expect(answerOf(field(2), undefined)).toBe(false);
    expect(answerOf(field(2), true)).toBe(true);
    expect(answerOf(field(11, 'a,b'), ['a', 'b'])).toBe('a,b');
    expect(answerOf(field(11, 'a,b'), [])).toBeNull();
    expect(answerOf(field(5), 'x')).toBeNull();
  });

  it('checks e-mail and number answers', () => {
    expect(fieldError(field(4), 'nope')).not.toBeNull();
    expect(fieldError(field(4), 'a@b.org')).toBeNull();
    expect(fieldError(field(6), '12.5')).toBeNull();
    expect(fieldError(field(7), 'twelve')).not.toBeNull();
    expect(fieldError(field(6), '')).toBeNull();
  });

  it("writes the event's day as MM/DD/YYYY without a time zone shift", () => {
    expect(eventDay('2026-05-03T00:00:00')).toBe('05/03/2026');
  });
});

describe('the check-in submission', () => {
  const found = {
    personId: '00000000-0000-4000-8000-0000000000aa',
    name: 'Ad**** Ok*****',
    email: 'a***@g****.com',
    address: '',
    dayOfBirth: null,
    monthOfBirth: null,
    hasBirthday: true,
    groupsBelongingTo: [],
    avaliableGroups: [],
  };
  const details = {
    ...EMPTY_DETAILS,
    name: ' Tolu Bankole ',
    email: 'tolu@example.org',
    day: '12',
    month: '3',
    groups: ['g1'],
    answers: { [field(1).id]: 'Radio' },
  };

  it('sends a new person by the name typed, with the birthday, groups and answers', () => {
    expect(submission(details, null, ' 0803 123 4567 ', 'CODE', [field(1), field(5)])).toEqual({
      person: {
        firstName: 'Tolu Bankole',
        email: 'tolu@example.org',
        homeAddress: '',
        mobilePhone: '0803 123 4567',
        peopleInGroups: [{ id: 'g1' }],
        monthOfBirth: 3,
        dayOfBirth: 12,
      },
      attendanceCode: 'CODE',
      // the file field is not sent
      customAttributeData: [{ customAttributeID: field(1).id, data: 'Radio', entityID: null }],
    });
  });

  it('sends a found person by id: never the masked name or e-mail, no birthday over one on record', () => {
    const body = submission(details, found, '08031234567', 'CODE', []);
    expect(body.person).toEqual({
      personId: found.personId,
      mobilePhone: '08031234567',
      homeAddress: '',
      email: '',
      peopleInGroups: [{ id: 'g1' }],
      monthOfBirth: null,
      dayOfBirth: null,
    });
    expect(JSON.stringify(body)).not.toContain('*');
  });

  it("checks the day against the month and the answers' types", () => {
    expect(validate({ ...details, day: '31', month: '2' }, null, [])).toEqual({ birthday: 'February has 29 days' });
    expect(validate({ ...details, email: 'nope' }, null, [])).toEqual({ email: 'Enter a valid e-mail address' });
    // a locked e-mail is not checked: the visitor did not type it
    expect(validate({ ...details, email: 'nope' }, { ...found, hasBirthday: false }, [])).toEqual({});
  });

  it('maps a refusal to its field, and gives the reason otherwise', () => {
    const refused = new HttpError(400, {
      status: false,
      response: 'x',
      returnObject: null,
      errors: [{ field: 'customAttributeData.0.data', message: 'must be one of the options of the field' }],
    });
    const f = field(1);
    expect(submitFailure(refused, [f])).toEqual({
      errors: { [`f:${f.id}`]: 'must be one of the options of the field' },
      alert: { kind: 'error', title: 'Checkin Error', text: 'Member Checkin failed' },
    });
    expect(submitFailure(new NetworkError(new Error('offline')), []).alert.text).toBe(
      'Member Checkin failed. Ensure you have internet access and try again',
    );
  });
});
