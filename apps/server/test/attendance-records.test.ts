import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { CHECK_IN_CHANNEL, recordCheckIn, type RecordCheckInInput } from '../src/modules/attendance/records.ts';
import { startHarness, type Harness } from './helpers.ts';
import { attendanceChurch, createGroup, createPerson, records, type AttendanceChurch } from './attendance-support.ts';

/*
 * recordCheckIn (apps/server/src/modules/attendance/records.ts), the one way an attendance
 * record is written: once per person and set-up, `checkedInNow` true only for the call that made
 * the person present. Run in the church's transaction, as the routes run it.
 */

let h: Harness;
let c: AttendanceChurch;

beforeAll(async () => {
  h = await startHarness({ MESSAGING_WORKERS: '0' });
  c = await attendanceChurch(h.app);
});
afterAll(async () => {
  await h.close();
});

const checkIn = (input: Omit<RecordCheckInInput, 'checkinAttendanceId'>) =>
  withTenant(h.database.db, c.tenantId, (tx) =>
    recordCheckIn(tx, c.tenantId, { checkinAttendanceId: c.setUpId, ...input }),
  );

describe('recordCheckIn', () => {
  it('records one person once under 20 concurrent check-ins, checkedInNow true exactly once', async () => {
    const personId = await createPerson(c.api, 'Concurrent');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => checkIn({ personId, channel: CHECK_IN_CHANNEL.publicWeb })),
    );
    expect(results.filter((r) => r.checkedInNow)).toHaveLength(1);
    expect(new Set(results.map((r) => r.recordId)).size).toBe(1);
    const mine = (await records(h.database, c.tenantId, c.setUpId)).filter((r) => r.person_id === personId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.checked_in_at).not.toBeNull();
    expect(mine[0]!.check_in_channel).toBe(CHECK_IN_CHANNEL.publicWeb);
  });

  it('keeps the first arrival on a second check-in, which is not "checked in now"', async () => {
    const personId = await createPerson(c.api, 'Twice');
    const first = await checkIn({ personId, channel: CHECK_IN_CHANNEL.admin });
    const [before] = (await records(h.database, c.tenantId, c.setUpId)).filter((r) => r.person_id === personId);
    const second = await checkIn({ personId, channel: CHECK_IN_CHANNEL.publicWeb });
    expect(first.checkedInNow).toBe(true);
    expect(second).toEqual({ recordId: first.recordId, checkedInNow: false });
    const [after] = (await records(h.database, c.tenantId, c.setUpId)).filter((r) => r.person_id === personId);
    expect(after!.checked_in_at).toEqual(before!.checked_in_at);
    // the channel of the first check-in stays
    expect(after!.check_in_channel).toBe(CHECK_IN_CHANNEL.admin);
  });

  it('records a pre-check-in as not present, and the check-in at the door makes the person present once', async () => {
    const personId = await createPerson(c.api, 'Child');
    const room = await createGroup(c.api, 'Toddlers');
    const pre = await checkIn({ personId, channel: CHECK_IN_CHANNEL.familyPortal, present: false, groupId: room });
    expect(pre.checkedInNow).toBe(false);
    let [row] = (await records(h.database, c.tenantId, c.setUpId)).filter((r) => r.person_id === personId);
    expect(row!.checked_in_at).toBeNull();
    expect(row!.check_in_channel).toBe(CHECK_IN_CHANNEL.familyPortal);
    expect(row!.group_id).toBe(room);

    // a second pre-check-in changes nothing about presence
    expect((await checkIn({ personId, channel: CHECK_IN_CHANNEL.familyPortal, present: false })).checkedInNow).toBe(
      false,
    );

    const parent = await createPerson(c.api, 'Parent');
    const door = await checkIn({ personId, channel: CHECK_IN_CHANNEL.childDoor, checkedInByPersonId: parent });
    expect(door).toEqual({ recordId: pre.recordId, checkedInNow: true });
    [row] = (await records(h.database, c.tenantId, c.setUpId)).filter((r) => r.person_id === personId);
    expect(row!.checked_in_at).not.toBeNull();
    expect(row!.check_in_channel).toBe(CHECK_IN_CHANNEL.childDoor);
    expect(row!.checked_in_by_person_id).toBe(parent);
    // the room chosen at pre-check-in is kept when the door gives none
    expect(row!.group_id).toBe(room);

    // a pre-check-in after arrival does not make the child absent
    expect((await checkIn({ personId, channel: CHECK_IN_CHANNEL.familyPortal, present: false })).checkedInNow).toBe(
      false,
    );
    [row] = (await records(h.database, c.tenantId, c.setUpId)).filter((r) => r.person_id === personId);
    expect(row!.checked_in_at).not.toBeNull();
  });

  it('clears a check-out when the person checks in again, keeping the first arrival', async () => {
    const personId = await createPerson(c.api, 'Returning');
    const first = await checkIn({ personId, channel: CHECK_IN_CHANNEL.admin });
    const out = await c.api.post('/api/CheckInAttendance/CheckOut', {
      checkInAttendanceID: c.setUpId,
      personAttendanceID: first.recordId,
    });
    expect(out.json()).toBe('Checked out successfully');
    let [row] = (await records(h.database, c.tenantId, c.setUpId)).filter((r) => r.person_id === personId);
    const arrival = row!.checked_in_at;
    expect(row!.checked_out_at).not.toBeNull();
    expect(row!.checked_out_by_user_id).not.toBeNull();

    const again = await checkIn({ personId, channel: CHECK_IN_CHANNEL.publicWeb });
    // present since the first arrival: not a new arrival, no second check-in message
    expect(again).toEqual({ recordId: first.recordId, checkedInNow: false });
    [row] = (await records(h.database, c.tenantId, c.setUpId)).filter((r) => r.person_id === personId);
    expect(row!.checked_out_at).toBeNull();
    expect(row!.checked_out_by_user_id).toBeNull();
    expect(row!.checked_in_at).toEqual(arrival);
  });

  it('refuses a person of another church (foreign key), writing nothing', async () => {
    const other = await attendanceChurch(h.app);
    const stranger = await createPerson(other.api, 'Stranger');
    await expect(checkIn({ personId: stranger, channel: CHECK_IN_CHANNEL.admin })).rejects.toThrow();
    expect((await records(h.database, c.tenantId, c.setUpId)).some((r) => r.person_id === stranger)).toBe(false);
  });
});
