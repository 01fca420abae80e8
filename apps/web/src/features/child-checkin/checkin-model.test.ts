import type { TChildCheckinEvent, TChildCheckinFamily, TChildCheckinMember } from '@steward/contracts/child-checkin';
import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from '../../api/http.ts';
import {
  checkinRequest,
  choiceProblems,
  defaultBroughtBy,
  defaultRoom,
  errorMessage,
  initialChoices,
  isPresent,
} from './checkin-model.ts';
import { CHILD_CHECKIN_TEXTS } from './child-checkin-texts.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function member(n: number, role: number, extra: Partial<TChildCheckinMember> = {}): TChildCheckinMember {
  const child = [3, 4, 5].includes(role);
  return {
    personId: id(n),
    firstName: `P${n}`,
    lastName: 'Obi',
    familyRoleId: role,
    familyRole: String(role),
    isChild: child,
    isGuardian: [1, 2, 6].includes(role),
    mobilePhone: null,
    pictureUrl: null,
    careNotes: null,
    status: null,
    ...extra,
  };
}

const rooms = [
  { id: id(100), name: 'Juniors' },
  { id: id(101), name: 'Toddlers' },
];
const event: TChildCheckinEvent = {
  checkInAttendanceId: id(200),
  activityId: id(201),
  eventName: 'Sunday Service',
  eventDate: '2026-11-29',
  checkInCutOffTime: null,
  isToday: true,
  rooms,
};
const inRoom = (roomId: string, checkedInAt: string | null, checkedOutAt: string | null = null) => ({
  attendanceRecordId: id(300),
  childCheckinId: id(301),
  roomId,
  roomName: 'Juniors',
  checkedInAt,
  checkedOutAt,
});

const family: TChildCheckinFamily = {
  familyId: id(1),
  familyName: 'Obi Family',
  homePhone: null,
  members: [
    member(2, 1, { mobilePhone: '+234 803 111 0001' }),
    member(3, 2, { mobilePhone: '08039990000' }),
    member(4, 4, { careNotes: 'Peanut allergy' }),
    member(5, 3, { status: inRoom(id(100), '2026-11-29T09:00:00Z') }),
    member(6, 5, { status: inRoom(id(101), null) }),
    member(7, 3, { status: inRoom(id(100), '2026-11-29T09:00:00Z', '2026-11-29T11:00:00Z') }),
  ],
};

describe('child check-in choices', () => {
  it('ticks every child not already in; a child checked out or only pre-checked in can be checked in', () => {
    const choices = initialChoices(family, event);
    expect(Object.keys(choices)).toEqual([id(4), id(5), id(6), id(7)]);
    expect([id(4), id(5), id(6), id(7)].map((p) => choices[p]!.ticked)).toEqual([true, false, true, true]);
    expect(isPresent(family.members[3]!)).toBe(true);
    expect(isPresent(family.members[4]!)).toBe(false);
    expect(isPresent(family.members[5]!)).toBe(false);
    expect(choices[id(4)]!.careNotes).toBe('Peanut allergy');
  });

  it("starts each child in the room of its record at this set-up, else the set-up's only room, else none", () => {
    expect(defaultRoom(family.members[4]!, rooms)).toBe(id(101));
    expect(defaultRoom(family.members[2]!, rooms)).toBeNull();
    expect(defaultRoom(family.members[2]!, [rooms[0]!])).toBe(id(100));
    // a room that is no longer the set-up's is not kept
    expect(defaultRoom(member(9, 3, { status: inRoom(id(999), null) }), rooms)).toBeNull();
  });

  it('takes the adult whose phone was searched for as who brought the children, else the first guardian', () => {
    expect(defaultBroughtBy(family, '0803 999 0000')).toBe(id(3));
    expect(defaultBroughtBy(family, '+2348031110001')).toBe(id(2));
    expect(defaultBroughtBy(family, 'obi')).toBe(id(2));
    expect(defaultBroughtBy({ ...family, members: family.members.filter((m) => m.isChild) }, 'obi')).toBeNull();
  });

  it('needs a ticked child and a room for each ticked child', () => {
    const choices = initialChoices(family, event);
    // the child checked out earlier keeps its room; Ada has none yet
    expect(choiceProblems(choices)).toEqual({ none: false, missingRoom: [id(4)] });
    const none = Object.fromEntries(Object.entries(choices).map(([k, c]) => [k, { ...c, ticked: false }]));
    expect(choiceProblems(none)).toEqual({ none: true, missingRoom: [] });
  });

  it('sends the ticked children with their rooms, and care notes only when edited', () => {
    const choices = initialChoices(family, event);
    choices[id(4)] = { ticked: true, roomId: id(101), careNotes: 'Peanut allergy ' };
    choices[id(6)] = { ticked: true, roomId: id(100), careNotes: 'Asthma' };
    choices[id(7)] = { ticked: false, roomId: null, careNotes: '' };
    expect(checkinRequest(event, family, choices, id(2))).toEqual({
      checkInAttendanceId: event.checkInAttendanceId,
      familyId: family.familyId,
      checkedInByPersonId: id(2),
      children: [
        { personId: id(4), groupId: id(101) },
        { personId: id(6), groupId: id(100), careNotes: 'Asthma' },
      ],
    });
  });

  it("shows a refusal's own sentence, else the server's text, else the network's", () => {
    const refusal = new HttpError(400, {
      status: false,
      response: 'That code does not match any child checked in today.',
      returnObject: null,
      errors: [{ field: 'code', message: 'That code does not match any child checked in today.' }],
    });
    expect(errorMessage(refusal)).toBe('That code does not match any child checked in today.');
    const field = new HttpError(400, {
      status: false,
      response: 'search: is too short',
      returnObject: null,
      errors: [{ field: 'search', message: 'is too short' }],
    });
    expect(errorMessage(field)).toBe('search: is too short');
    expect(errorMessage(new NetworkError(new Error('x')))).toBe(CHILD_CHECKIN_TEXTS.network);
    expect(errorMessage(new Error('x'))).toBe(CHILD_CHECKIN_TEXTS.failed);
  });
});
