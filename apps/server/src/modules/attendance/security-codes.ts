import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/*
 * Child check-in security codes (issue 11): the code printed on every child's label and on the
 * parent's pickup label, matched at check-out. Shared by the door (kiosk or volunteer) and the
 * family portal's pre-check-in.
 */

/**
 * The characters a code is made of: capitals and digits without look-alikes (no 0/O/D/Q, 1/I/L,
 * 2/Z, 5/S, 6/G, 8/B), so a code read off a label aloud or typed is not mistaken.
 */
export const SECURITY_CODE_ALPHABET = 'ACEFHJKMNPRTUVWXY3479';
/** Characters in a code. */
export const SECURITY_CODE_LENGTH = 4;

/** A random code of SECURITY_CODE_LENGTH characters of SECURITY_CODE_ALPHABET (crypto random). */
export function randomSecurityCode(): string {
  let code = '';
  for (let i = 0; i < SECURITY_CODE_LENGTH; i += 1)
    code += SECURITY_CODE_ALPHABET[randomInt(SECURITY_CODE_ALPHABET.length)];
  return code;
}

/**
 * Normalises a code as typed or scanned for comparison: upper case, spaces and dashes removed.
 * Answers null for anything that cannot be a code (wrong length or characters).
 */
export function normalizeSecurityCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== SECURITY_CODE_LENGTH) return null;
  for (const ch of code) if (!SECURITY_CODE_ALPHABET.includes(ch)) return null;
  return code;
}

export interface IssueSecurityCodeInput {
  checkinAttendanceId: string;
  familyId?: string | null;
  /** the parent or guardian who brought the children */
  checkedInByPersonId?: string | null;
  /** the signed-in user (volunteer, kiosk) recording it */
  createdByUserId?: string | null;
  /** the day the code is unique for, ISO 'YYYY-MM-DD' (default: today, UTC) */
  serviceDate?: string;
}

/**
 * Creates a child check-in (child_checkins row) with a new security code. A code is unique per
 * church per service date (unique index child_checkins_code_key), and more: no other check-in of
 * the church holds it within a day either side, because the door and the family portal may date
 * a check-in differently (the event's day, today) and a code is looked up across neighbouring
 * days. Codes of a church are drawn under a transaction-scoped advisory lock, so two concurrent
 * check-ins never draw the same code; a code in use is skipped and another is drawn. Runs in the
 * church's transaction (the lock is held until it ends).
 *
 * Answers `{childCheckinId, securityCode}`.
 * @throws Error when no free code is found in 50 draws (the days' codes are nearly all used)
 */
export async function issueSecurityCode(
  tx: Tx,
  tenantId: string,
  input: IssueSecurityCodeInput,
): Promise<{ childCheckinId: string; securityCode: string }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`child-security-code:${tenantId}`}, 0))`);
  const day = input.serviceDate ? sql`${input.serviceDate}::date` : sql`(now() at time zone 'UTC')::date`;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const code = randomSecurityCode();
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into child_checkins (tenant_id, checkin_attendance_id, family_id, security_code, service_date,
            checked_in_by_person_id, created_by_user_id)
          select ${tenantId}, ${input.checkinAttendanceId}, ${input.familyId ?? null}, ${code}, ${day},
            ${input.checkedInByPersonId ?? null}, ${input.createdByUserId ?? null}
          where not exists (
            select 1 from child_checkins
             where tenant_id = ${tenantId} and security_code = ${code}
               and service_date between ${day} - 1 and ${day} + 1)
          on conflict (tenant_id, service_date, security_code) do nothing
          returning id`,
    );
    if (row) return { childCheckinId: row.id, securityCode: code };
  }
  throw new Error('issueSecurityCode: no free security code for the day');
}
