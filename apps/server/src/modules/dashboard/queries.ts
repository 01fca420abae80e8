import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { paymentForms } from '../giving/schema.ts';
import { tenants } from '../tenancy/schema.ts';

/** The signed-in church's row, or undefined for any other id. */
export async function findTenant(tx: Tx, tenantId: string) {
  const rows = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
  return rows[0];
}

/** True when the church has an active payment form (online giving is set up). */
export async function hasActivePaymentForm(tx: Tx, tenantId: string): Promise<boolean> {
  const rows = await tx
    .select({ one: sql<number>`1` })
    .from(paymentForms)
    .where(and(eq(paymentForms.tenantId, tenantId), eq(paymentForms.isActive, true)))
    .limit(1);
  return rows.length > 0;
}

export interface CelebrationRow {
  id: string;
  first_name: string;
  last_name: string;
  mobile_phone: string | null;
  email: string | null;
  kind: 'Birthday' | 'Wedding Anniversary';
  day: number;
}

/**
 * People whose birthday or wedding anniversary falls in `month` (1-12), by day then name, at
 * most `limit` rows. Days outside 1-31 are ignored (the API never stores them; a row written
 * otherwise must not break the dashboard).
 */
export function celebrationsInMonth(tx: Tx, tenantId: string, month: number, limit: number) {
  return queryRows<CelebrationRow>(
    tx,
    sql`select id, first_name, last_name, mobile_phone, email, kind, day from (
          select id, first_name, last_name, mobile_phone, email, 'Birthday' as kind, day_of_birth as day
            from people
           where tenant_id = ${tenantId} and month_of_birth = ${month} and day_of_birth between 1 and 31
          union all
          select id, first_name, last_name, mobile_phone, email, 'Wedding Anniversary', day_of_wedding
            from people
           where tenant_id = ${tenantId} and month_of_wedding = ${month} and day_of_wedding between 1 and 31
        ) c
        order by day, first_name, last_name, kind, id
        limit ${limit}`,
  );
}

/**
 * People checked in to the church's events dated in `year` (present: checked_in_at set; a
 * family-portal pre-check-in is not attendance), counted per week of the year
 * (1-52: week n = days 7n-6..7n; days 365-366 count in week 52) and per month (1-12).
 * One row per (week, month) that has any.
 */
export function attendanceByWeekAndMonth(tx: Tx, tenantId: string, year: number) {
  return queryRows<{ week: number; month: number; n: number }>(
    tx,
    sql`select least(52, (extract(doy from a.activity_date)::int - 1) / 7 + 1) as week,
               extract(month from a.activity_date)::int as month,
               count(*)::int as n
          from attendance_records r
          join checkin_attendances c on c.tenant_id = r.tenant_id and c.id = r.checkin_attendance_id
          join activities a on a.tenant_id = c.tenant_id and a.id = c.activity_id
         where r.tenant_id = ${tenantId}
           -- a pre-check-in (family portal) is not attendance until the person is at the door
           and r.checked_in_at is not null
           and a.activity_date >= make_date(${year}::int, 1, 1)
           and a.activity_date < make_date(${year}::int + 1, 1, 1)
         group by 1, 2`,
  );
}

/**
 * First-timers of `year`, per week (1-52, as attendanceByWeekAndMonth) and month (1-12): the
 * people whose first attendance (the date of the earliest event they were ever checked in to,
 * pre-check-ins not counted)
 * falls in `year`. People carry no first-timer mark, so the first check-in is what says a
 * person was new. One row per (week, month) that has any; counted in SQL.
 */
export function firstTimersByWeekAndMonth(tx: Tx, tenantId: string, year: number) {
  return queryRows<{ week: number; month: number; n: number }>(
    tx,
    sql`with firsts as (
          select r.person_id, min(a.activity_date) as first_date
            from attendance_records r
            join checkin_attendances c on c.tenant_id = r.tenant_id and c.id = r.checkin_attendance_id
            join activities a on a.tenant_id = c.tenant_id and a.id = c.activity_id
           where r.tenant_id = ${tenantId} and r.checked_in_at is not null
           group by r.person_id
        )
        select least(52, (extract(doy from first_date)::int - 1) / 7 + 1) as week,
               extract(month from first_date)::int as month,
               count(*)::int as n
          from firsts
         where first_date >= make_date(${year}::int, 1, 1) and first_date < make_date(${year}::int + 1, 1, 1)
         group by 1, 2`,
  );
}
