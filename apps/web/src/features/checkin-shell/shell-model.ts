import { CHILD_FAMILY_ROLES } from '@steward/contracts/child-checkin';
import {
  FAMILY_ROLE,
  type TCheckinEventGroup,
  type TFamilyDetail,
  type TFamilyMember,
  type TFamilyPerson,
} from '@steward/contracts/families';
import dayjs from 'dayjs';
import { FamilySessionExpiredError } from '../../api/family.ts';
import { HttpError, isNetworkError, serverMessageOf, TimeoutError } from '../../api/http.ts';
import { formatDate } from '../../components/dates.ts';
import { SHELL_TEXTS as T } from './texts.ts';

/*
 * The check-in shell's rules without markup (unit-tested in shell-model.test.ts): who is a child
 * or a guardian, the choices of the event page and the RegisterChildren body, the sign-in
 * identity, dates and error texts.
 */

/** 'First Last' of a person (either part may be empty). */
export function fullName(p: { firstName: string; lastName: string }): string {
  return `${p.firstName} ${p.lastName}`.trim();
}

const isChildRole = (role: number) => (CHILD_FAMILY_ROLES as readonly number[]).includes(role);

/** The family's children (Son, Daughter, Ward), in the server's order. */
export function childrenOf(family: TFamilyDetail): TFamilyMember[] {
  return family.familyMembers.filter((m) => isChildRole(m.familyRoleID));
}

/** The family's guardians (role 6): who may pick the children up besides the parents. */
export function guardiansOf(family: TFamilyDetail): TFamilyMember[] {
  return family.familyMembers.filter((m) => m.familyRoleID === FAMILY_ROLE.guardian);
}

/** The members shown on the Family page: everyone but the parents and the guardians. */
export function householdOf(family: TFamilyDetail): TFamilyMember[] {
  return family.familyMembers.filter((m) => m.familyRoleID !== FAMILY_ROLE.guardian);
}

/** The roles a member added on the Family page may have: Son, Daughter, Ward, Other relative. */
export const HOUSEHOLD_ROLES: readonly number[] = [
  FAMILY_ROLE.son,
  FAMILY_ROLE.daughter,
  FAMILY_ROLE.ward,
  FAMILY_ROLE.otherRelative,
];

/** The signed-in parent's person in the family (father or mother), or null. */
export function parentOf(family: TFamilyDetail, personId: string): TFamilyPerson | null {
  if (family.father?.id === personId) return family.father;
  if (family.mother?.id === personId) return family.mother;
  return family.familyMembers.find((m) => m.person.id === personId)?.person ?? null;
}

/** Who may bring the children: the father, the mother and the guardians, `{id, label}`. */
export function bringersOf(family: TFamilyDetail): { id: string; label: string }[] {
  const list: { id: string; label: string }[] = [];
  if (family.father) list.push({ id: family.father.id, label: `${fullName(family.father)} (${T.father})` });
  if (family.mother) list.push({ id: family.mother.id, label: `${fullName(family.mother)} (${T.mother})` });
  for (const g of guardiansOf(family)) list.push({ id: g.person.id, label: `${fullName(g.person)} (Guardian)` });
  return list;
}

/** One check-in set-up of an event as the event page uses it: its rooms and the family's records. */
export interface EventSetup {
  id: string;
  rooms: { id: string; name: string }[];
  /** person id → the room they are recorded in and whether they are still in (not picked up) */
  recorded: Map<string, { roomId: string; roomName: string; isActive: boolean }>;
}

/** The rows of GET checkinevents (one per set-up and room) grouped by set-up, in the server's order. */
export function setupsOf(groups: TCheckinEventGroup[]): EventSetup[] {
  const byId = new Map<string, EventSetup>();
  for (const g of groups) {
    let s = byId.get(g.id);
    if (!s) {
      s = { id: g.id, rooms: [], recorded: new Map() };
      byId.set(g.id, s);
    }
    s.rooms.push({ id: g.groupID, name: g.fullGroupName });
    for (const p of g.personsinAttendance)
      s.recorded.set(p.id, { roomId: g.groupID, roomName: g.fullGroupName, isActive: p.isActive });
  }
  return [...byId.values()];
}

/** A set-up's name in the chooser (when an event has several): its rooms. */
export function setupLabel(setup: EventSetup): string {
  return setup.rooms.map((r) => r.name).join(', ');
}

/** A child's choice on the event page. */
export interface ChildChoice {
  ticked: boolean;
  roomId: string | null;
}

/**
 * The first choices: every child ticked, in the room they are already recorded in, else the only
 * room when there is one.
 */
export function initialChoices(children: TFamilyMember[], setup: EventSetup): Record<string, ChildChoice> {
  const out: Record<string, ChildChoice> = {};
  for (const c of children) {
    const rec = setup.recorded.get(c.person.id);
    const roomId =
      rec && setup.rooms.some((r) => r.id === rec.roomId)
        ? rec.roomId
        : setup.rooms.length === 1
          ? setup.rooms[0]!.id
          : null;
    out[c.person.id] = { ticked: true, roomId };
  }
  return out;
}

/** What stops a confirm: no child ticked, or ticked children (person ids) without a room. */
export function choiceProblems(choices: Record<string, ChildChoice>): { none: boolean; missingRoom: string[] } {
  const ticked = Object.entries(choices).filter(([, c]) => c.ticked);
  return { none: ticked.length === 0, missingRoom: ticked.filter(([, c]) => !c.roomId).map(([id]) => id) };
}

/**
 * The RegisterChildren body: one item per ticked child with a room, for set-up `setupId` of event
 * `activityId`, brought by `checkInBy` (null: the signed-in parent, the server's default).
 */
export function registerBody(
  activityId: string,
  setupId: string,
  choices: Record<string, ChildChoice>,
  checkInBy: string | null,
): { personId: string; activityId: string; checkInAttendanceId: string; groupId: string; checkInBy: string }[] {
  return Object.entries(choices)
    .filter(([, c]) => c.ticked && c.roomId)
    .map(([personId, c]) => ({
      personId,
      activityId,
      checkInAttendanceId: setupId,
      groupId: c.roomId!,
      checkInBy: checkInBy ?? '',
    }));
}

/**
 * What the parent typed to sign in or up, as the calls take it: `{email}` when it has an '@',
 * else `{phoneNumber}` (trimmed). Null when empty.
 */
export function identityOf(typed: string): { email: string } | { phoneNumber: string } | null {
  const v = typed.trim();
  if (!v) return null;
  return v.includes('@') ? { email: v } : { phoneNumber: v };
}

/**
 * Why what was typed cannot be an e-mail or a phone number (the server's rule: an e-mail, or 7 or
 * more digits of +, digits, spaces, ( ) . -), or null when it can.
 */
export function identityProblem(typed: string): string | null {
  const v = typed.trim();
  if (!v) return T.enterIdentifier;
  if (v.includes('@')) return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? null : T.invalidEmail;
  return /^[+\d\s().-]+$/.test(v) && v.replace(/\D/g, '').length >= 7 ? null : T.invalidPhone;
}

/**
 * An event's day for people: 'Today', 'Tomorrow' or the weekday, with the date (MM/DD/YYYY,
 * spec §5): 'Sunday, 11/29/2026'. `today` is 'YYYY-MM-DD' (the device's date).
 */
export function eventDay(date: string, today: string): string {
  const d = dayjs(date.slice(0, 10));
  if (!d.isValid()) return date;
  const diff = d.diff(dayjs(today), 'day');
  const when = diff === 0 ? T.today : diff === 1 ? T.tomorrow : d.format('dddd');
  return `${when}, ${formatDate(date)}`;
}

/** A birthday for people ('March 9'), or null when the day or month is unknown. */
export function birthdayText(p: { dayOfBirth: number | null; monthOfBirth: number | null }): string | null {
  if (!p.dayOfBirth || !p.monthOfBirth) return null;
  return `${dayjs()
    .month(p.monthOfBirth - 1)
    .format('MMMM')} ${p.dayOfBirth}`;
}

/** The text of a failed call: the session, the network, the field at fault, the server's message. */
export function errorText(err: unknown): string {
  if (err instanceof FamilySessionExpiredError) return T.sessionExpired;
  if (isNetworkError(err) || err instanceof TimeoutError) return T.network;
  const first = err instanceof HttpError ? err.fieldErrors[0]?.message : undefined;
  if (first && /^[A-Z]/.test(first)) return first;
  return serverMessageOf(err) ?? T.failed;
}

/** The names of the family roles (GET /getfamilyroles), for when that list is not loaded. */
export const ROLE_NAMES: Record<number, string> = {
  1: 'Father',
  2: 'Mother',
  3: 'Son',
  4: 'Daughter',
  5: 'Ward',
  6: 'Guardian',
  7: 'Other relative',
};

/** A role's name from the loaded roles, else ROLE_NAMES, else 'Member'. */
export function roleName(id: number, roles: { id: number; name: string }[] | undefined): string {
  return roles?.find((r) => r.id === id)?.name ?? ROLE_NAMES[id] ?? 'Member';
}
