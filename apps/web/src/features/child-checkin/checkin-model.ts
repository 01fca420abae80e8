import type {
  TChildCheckinEvent,
  TChildCheckinFamily,
  TChildCheckinMember,
  TChildCheckinRequest,
} from '@steward/contracts/child-checkin';
import { HttpError, isNetworkError, serverMessageOf } from '../../api/http.ts';
import { CHILD_CHECKIN_TEXTS } from './child-checkin-texts.ts';

/*
 * The check-in screen's rules, kept out of the components (unit-tested in checkin-model.test.ts):
 * which children can be ticked, each child's room by default, who brought them, and the request.
 */

/** A child's choices on the family card. */
export interface ChildChoice {
  ticked: boolean;
  roomId: string | null;
  /** the care notes as edited (sent only when changed) */
  careNotes: string;
}

/** A child is in (present at the set-up now): checked in at the door and not checked out. */
export function isPresent(m: TChildCheckinMember): boolean {
  return m.status !== null && m.status.checkedInAt !== null && m.status.checkedOutAt === null;
}

/**
 * The room a child starts with: the room of the child's record at this set-up (pre-checked in, or
 * an earlier check-in today), else the only room when the set-up has one, else none.
 */
export function defaultRoom(m: TChildCheckinMember, rooms: TChildCheckinEvent['rooms']): string | null {
  const earlier = m.status?.roomId;
  if (earlier && rooms.some((r) => r.id === earlier)) return earlier;
  return rooms.length === 1 ? rooms[0]!.id : null;
}

/** The children of a family with their first choices: every child not already in is ticked. */
export function initialChoices(family: TChildCheckinFamily, event: TChildCheckinEvent): Record<string, ChildChoice> {
  const out: Record<string, ChildChoice> = {};
  for (const m of family.members)
    if (m.isChild)
      out[m.personId] = { ticked: !isPresent(m), roomId: defaultRoom(m, event.rooms), careNotes: m.careNotes ?? '' };
  return out;
}

/**
 * Who brought the children by default: the adult whose phone was searched for, else the first
 * guardian (father, mother, guardian), else nobody.
 */
export function defaultBroughtBy(family: TChildCheckinFamily, search: string): string | null {
  const digits = search.replace(/\D/g, '').slice(-10);
  const adults = family.members.filter((m) => !m.isChild);
  const byPhone =
    digits.length >= 7 ? adults.find((m) => (m.mobilePhone ?? '').replace(/\D/g, '').endsWith(digits)) : undefined;
  return (byPhone ?? adults.find((m) => m.isGuardian) ?? null)?.personId ?? null;
}

/** What stops the check-in: none ticked, or a ticked child without a room (by person id). */
export function choiceProblems(choices: Record<string, ChildChoice>): { none: boolean; missingRoom: string[] } {
  const ticked = Object.entries(choices).filter(([, c]) => c.ticked);
  return { none: ticked.length === 0, missingRoom: ticked.filter(([, c]) => !c.roomId).map(([id]) => id) };
}

/** The check-in request of a family card; care notes only when edited. */
export function checkinRequest(
  event: TChildCheckinEvent,
  family: TChildCheckinFamily,
  choices: Record<string, ChildChoice>,
  broughtBy: string | null,
): TChildCheckinRequest {
  const children = family.members
    .filter((m) => m.isChild && choices[m.personId]?.ticked)
    .map((m) => {
      const c = choices[m.personId]!;
      const notes = c.careNotes.trim();
      return {
        personId: m.personId,
        groupId: c.roomId ?? '',
        ...(notes !== (m.careNotes ?? '').trim() ? { careNotes: notes } : {}),
      };
    });
  return {
    checkInAttendanceId: event.checkInAttendanceId,
    familyId: family.familyId,
    checkedInByPersonId: broughtBy,
    children,
  };
}

/** The events in the picker's order: the kiosk's day first (the server's order), labelled. */
export function eventLabel(e: TChildCheckinEvent, formatDate: (iso: string) => string): string {
  return `${e.eventName} · ${formatDate(e.eventDate)}${e.isToday ? ' (Today)' : ''}`;
}

/**
 * The text of a failed call: a 400's field message when it is a sentence of its own ('That code
 * does not match …', '… is already checked in …'), else the server's text ('field: reason'), else
 * the network's or a general one.
 */
export function errorMessage(err: unknown): string {
  if (isNetworkError(err)) return CHILD_CHECKIN_TEXTS.network;
  const first = err instanceof HttpError ? err.fieldErrors[0]?.message : undefined;
  if (first && /^[A-Z]/.test(first)) return first;
  return serverMessageOf(err) ?? CHILD_CHECKIN_TEXTS.failed;
}
