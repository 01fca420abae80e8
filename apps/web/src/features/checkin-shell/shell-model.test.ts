import type { TFamilyDetail, TFamilyMember, TFamilyPerson } from '@steward/contracts/families';
import { describe, expect, it } from 'vitest';
import { FamilySessionExpiredError } from '../../api/family.ts';
import { HttpError, NetworkError } from '../../api/http.ts';
import {
  birthdayText,
  bringersOf,
  childrenOf,
  choiceProblems,
  errorText,
  eventDay,
  guardiansOf,
  householdOf,
  identityOf,
  identityProblem,
  initialChoices,
  parentOf,
  registerBody,
  roleName,
  setupsOf,
} from './shell-model.ts';
import { selectedShellKey } from './shell-context.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function person(n: number, firstName: string, extra: Partial<TFamilyPerson> = {}): TFamilyPerson {
  return {
    id: id(n),
    firstName,
    lastName: 'Okafor',
    pictureUrl: null,
    genderID: null,
    dayOfBirth: null,
    monthOfBirth: null,
    email: null,
    mobilePhone: null,
    homeAddress: null,
    ...extra,
  };
}

const member = (n: number, role: number, firstName: string): TFamilyMember => ({
  id: id(100 + n),
  familyID: id(99),
  familyRoleID: role,
  person: person(n, firstName),
});

const family: TFamilyDetail = {
  id: id(99),
  tenantID: id(98),
  familyName: 'Okafor',
  email: null,
  homePhone: null,
  homeAddress: null,
  fatherID: id(1),
  motherID: id(2),
  father: person(1, 'Emeka'),
  mother: person(2, 'Ngozi'),
  familyMembers: [member(3, 4, 'Ada'), member(4, 3, 'Tobi'), member(5, 6, 'Grace'), member(6, 7, 'Uche')],
  dateCreated: '2026-01-01T00:00:00Z',
};

describe('the family', () => {
  it('tells the children (Son, Daughter, Ward), the guardians and the household apart', () => {
    expect(childrenOf(family).map((m) => m.person.firstName)).toEqual(['Ada', 'Tobi']);
    expect(guardiansOf(family).map((m) => m.person.firstName)).toEqual(['Grace']);
    expect(householdOf(family).map((m) => m.person.firstName)).toEqual(['Ada', 'Tobi', 'Uche']);
  });

  it('finds the signed-in parent and who may bring the children', () => {
    expect(parentOf(family, id(2))?.firstName).toBe('Ngozi');
    expect(parentOf(family, id(77))).toBeNull();
    expect(bringersOf(family)).toEqual([
      { id: id(1), label: 'Emeka Okafor (Father)' },
      { id: id(2), label: 'Ngozi Okafor (Mother)' },
      { id: id(5), label: 'Grace Okafor (Guardian)' },
    ]);
  });

  it('names roles from the loaded list, else from the fixed ids', () => {
    expect(roleName(6, undefined)).toBe('Guardian');
    expect(roleName(3, [{ id: 3, name: 'Son (boy)' }])).toBe('Son (boy)');
    expect(roleName(42, undefined)).toBe('Member');
  });

  it('writes a birthday only when day and month are known', () => {
    expect(birthdayText({ dayOfBirth: 9, monthOfBirth: 3 })).toBe('March 9');
    expect(birthdayText({ dayOfBirth: null, monthOfBirth: 3 })).toBeNull();
  });
});

describe('the event page', () => {
  const setupA = id(200);
  const setupB = id(201);
  const toddlers = id(300);
  const juniors = id(301);
  const rows = [
    { id: setupA, groupID: toddlers, fullGroupName: 'Toddlers', personsinAttendance: [{ id: id(3), isActive: true }] },
    { id: setupA, groupID: juniors, fullGroupName: 'Juniors', personsinAttendance: [] },
    { id: setupB, groupID: juniors, fullGroupName: 'Juniors', personsinAttendance: [] },
  ];

  it('groups the rooms by check-in and remembers who is recorded where', () => {
    const setups = setupsOf(rows);
    expect(setups.map((s) => [s.id, s.rooms.map((r) => r.name)])).toEqual([
      [setupA, ['Toddlers', 'Juniors']],
      [setupB, ['Juniors']],
    ]);
    expect(setups[0]!.recorded.get(id(3))).toEqual({ roomId: toddlers, roomName: 'Toddlers', isActive: true });
  });

  it('ticks every child, in the room they are in, or the only room', () => {
    const [a, b] = setupsOf(rows);
    expect(initialChoices(childrenOf(family), a!)).toEqual({
      [id(3)]: { ticked: true, roomId: toddlers },
      [id(4)]: { ticked: true, roomId: null },
    });
    expect(initialChoices(childrenOf(family), b!)).toEqual({
      [id(3)]: { ticked: true, roomId: juniors },
      [id(4)]: { ticked: true, roomId: juniors },
    });
  });

  it('refuses a confirm with nobody ticked or a ticked child without a room', () => {
    expect(choiceProblems({ a: { ticked: false, roomId: null } })).toEqual({ none: true, missingRoom: [] });
    expect(choiceProblems({ a: { ticked: true, roomId: null }, b: { ticked: true, roomId: juniors } })).toEqual({
      none: false,
      missingRoom: ['a'],
    });
  });

  it('sends one item per ticked child with its room, and who brings them', () => {
    const body = registerBody(
      id(400),
      setupA,
      { [id(3)]: { ticked: true, roomId: toddlers }, [id(4)]: { ticked: false, roomId: juniors } },
      id(2),
    );
    expect(body).toEqual([
      { personId: id(3), activityId: id(400), checkInAttendanceId: setupA, groupId: toddlers, checkInBy: id(2) },
    ]);
    expect(registerBody(id(400), setupA, { [id(3)]: { ticked: true, roomId: toddlers } }, null)[0]!.checkInBy).toBe('');
  });

  it("writes an event's day as today, tomorrow or its weekday with the date", () => {
    expect(eventDay('2026-11-29', '2026-11-29')).toBe('Today, 11/29/2026');
    expect(eventDay('2026-11-30', '2026-11-29')).toBe('Tomorrow, 11/30/2026');
    expect(eventDay('2026-12-06', '2026-11-29')).toBe('Sunday, 12/06/2026');
  });
});

describe('sign-in', () => {
  it('sends an e-mail when what was typed has an @, else a phone number', () => {
    expect(identityOf(' ada@example.com ')).toEqual({ email: 'ada@example.com' });
    expect(identityOf('0803 123 4567')).toEqual({ phoneNumber: '0803 123 4567' });
    expect(identityOf('  ')).toBeNull();
  });

  it('checks the e-mail or phone as the server does', () => {
    expect(identityProblem('')).toBe('Enter your e-mail address or phone number');
    expect(identityProblem('ada@')).toBe('Enter a valid e-mail address');
    expect(identityProblem('12345')).toBe('Enter a valid phone number');
    expect(identityProblem('call me')).toBe('Enter a valid phone number');
    expect(identityProblem('+234 (803) 123-4567')).toBeNull();
    expect(identityProblem('ada@example.com')).toBeNull();
  });
});

describe('errors and the menu', () => {
  it('says why a call failed', () => {
    expect(errorText(new FamilySessionExpiredError())).toBe('Your family sign-in has expired; sign in again');
    expect(errorText(new NetworkError(new TypeError('offline')))).toBe('Oops, Your internet connection was disrupted');
    expect(
      errorText(
        new HttpError(400, {
          status: false,
          response: 'Invalid request',
          returnObject: null,
          errors: [{ field: 'person.firstName', message: 'Enter the first name' }],
        }),
      ),
    ).toBe('Enter the first name');
    expect(errorText(new HttpError(400, 'We could not create an account'))).toBe('We could not create an account');
    expect(errorText(new Error('boom'))).toBe('Something went wrong. Please try again.');
  });

  it('marks the menu entry of each page', () => {
    expect(selectedShellKey('/checkin')).toBe('/checkin');
    expect(selectedShellKey('/checkin/')).toBe('/checkin');
    expect(selectedShellKey('/checkin/checkinfamily')).toBe('/checkin/checkinfamily');
    expect(selectedShellKey('/checkin/CheckinGuardian')).toBe('/checkin/checkinguardian');
    expect(selectedShellKey(`/checkin/checkinevent/${id(1)}`)).toBe('/checkin/upcomingevents');
    expect(selectedShellKey('/checkin/thankyou/ABCD')).toBe('/checkin/upcomingevents');
  });
});
