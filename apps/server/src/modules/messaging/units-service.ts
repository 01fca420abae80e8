import { sql } from 'drizzle-orm';
import { queryRows, withoutTenant, withTenant, type Db } from '../../db/client.ts';

/**
 * Gives a church `units` SMS units (issue 9: churches buy units from the platform; Steward has no
 * purchase screen, so the platform operator grants them with `npm run sms:units`). The church
 * is found by the e-mail of one of its users (the narrow sign-in lookup). Writes the movement
 * and the new balance in one transaction. Answers the church's id and its units afterwards.
 * Throws an Error when no user has that e-mail or `units` is not a positive whole number.
 */
export async function grantSmsUnits(
  db: Db,
  userEmail: string,
  units: number,
  reason = 'Units granted',
): Promise<{ tenantId: string; units: number }> {
  if (!Number.isInteger(units) || units <= 0 || units > 100_000_000) {
    throw new Error('units must be a whole number from 1 to 100,000,000');
  }
  const [user] = await withoutTenant(db, (tx) =>
    queryRows<{ tenantId: string }>(tx, sql`select tenant_id as "tenantId" from auth_find_user(${userEmail})`),
  );
  if (!user) throw new Error('No user of any church has that e-mail');
  const tenantId = user.tenantId;
  const [row] = await withTenant(db, tenantId, async (tx) => {
    await tx.execute(
      sql`insert into sms_unit_movements (tenant_id, units, reason) values (${tenantId}, ${units}, ${reason})`,
    );
    return queryRows<{ units: number }>(
      tx,
      sql`insert into sms_unit_balances (tenant_id, units) values (${tenantId}, ${units})
          on conflict (tenant_id) do update set units = sms_unit_balances.units + excluded.units
          returning units::float8 as units`,
    );
  });
  return { tenantId, units: Number(row!.units) };
}
