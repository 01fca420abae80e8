import { randomUUID } from 'node:crypto';
import dayjs from 'dayjs';
import { sql } from 'drizzle-orm';
import { queryRows, withTenant, type Db } from '../db/client.ts';
import type { TenantCtx } from '../lib/context.ts';
import { signup } from '../modules/auth/service.ts';
import { createActivity, createCategory } from '../modules/events/service.ts';
import { createMember } from '../modules/people/service.ts';
import { createItem } from '../modules/offerings/items-service.ts';
import { saveRows } from '../modules/offerings/transactions-service.ts';
import { approveReport } from '../modules/offerings/report-approval-service.ts';
import { approveDoc, saveExpense, saveIncome, saveJournal } from '../modules/ledger/documents-service.ts';
import { ZExpenseSave, ZIncomeSave, ZJournalSave } from '@steward/contracts/finance';
import { accountGroups, accounts, funds } from '../modules/ledger/schema.ts';
import { findCurrencyByCode } from '../modules/lookups/reference.ts';
import { seedDemoSettings } from './seed-settings.ts';
import { seedDemoMessagingSettings } from './seed-messaging-settings.ts';
import { seedDemoMessaging } from './seed-messaging.ts';
import { seedDemoGiving } from './seed-giving.ts';
import { seedDemoDonations } from './seed-donations.ts';
import { seedDemoAttendanceSetups } from './seed-attendance.ts';

export const DEMO_EMAIL = 'admin@grace.example';
export const DEMO_PASSWORD = 'stewardship';

const MEMBERS: [string, string, string][] = [
  ['Adaeze', 'Okafor', '08031234501'],
  ['Babatunde', 'Adeyemi', '08031234502'],
  ['Chinedu', 'Eze', '08031234503'],
  ['Funmilayo', 'Ogunleye', '08031234504'],
  ['Ibrahim', 'Musa', '08031234505'],
  ['Ngozi', 'Nwosu', '08031234506'],
  ['Oluwaseun', 'Bakare', '08031234507'],
  ['Emeka', 'Obi', '08031234508'],
  ['Yetunde', 'Alabi', '08031234509'],
  ['Tobi', 'Adewale', '08031234510'],
  ['Chiamaka', 'Uche', '08031234511'],
  ['Segun', 'Ojo', '08031234512'],
  ['Aisha', 'Bello', '08031234513'],
  ['Kelechi', 'Ihejirika', '08031234514'],
  ['Bukola', 'Fashola', '08031234515'],
  ['Ifeanyi', 'Okonkwo', '08031234516'],
  ['Grace', 'Etim', '08031234517'],
  ['Samuel', 'Akande', '08031234518'],
];

/** Visitors who came for the first time in the last weeks: the dashboard's first-timers. */
const FIRST_TIMERS: [string, string, string, number][] = [
  // name, phone, and how many weeks ago they first came (0 = the last Sunday)
  ['Deborah', 'Nnamdi', '08031234601', 3],
  ['Michael', 'Ayodele', '08031234602', 2],
  ['Blessing', 'Udoh', '08031234603', 1],
  ['Victor', 'Eze', '08031234604', 0],
];

/** A small deterministic generator, so every demo database looks the same. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

/**
 * Creates the demo church 'Grace Chapel, Lagos' (NGN) when the database has no church yet:
 * offering items (one with a 10% remittance to Bank, one in a donor-restricted fund),
 * events, members and three months of weekly offerings, each posted to the ledger.
 * Prints the sign-in. Does nothing when any church exists.
 */
export async function ensureDemo(db: Db, opts: { log: (m: string) => void; today?: dayjs.Dayjs }): Promise<boolean> {
  const [row] = await queryRows<{ n: string }>(db, sql`select tenant_count() as n`);
  if (Number(row?.n ?? 0) > 0) return false;
  const session = await signup(
    db,
    {
      churchName: 'Grace Chapel, Lagos',
      firstName: 'Esther',
      lastName: 'Adebayo',
      email: DEMO_EMAIL,
      phoneNumber: '+2348030000000',
      password: DEMO_PASSWORD,
      countryCode: 'NG',
      currency: 'NGN',
    },
    1,
  );
  await withTenant(db, session.tenantId, async (tx) => {
    const ctx: TenantCtx = { tx, tenantId: session.tenantId, userId: session.userId };
    await seedChurch(ctx, opts.today ?? dayjs());
  });
  opts.log(`Demo church 'Grace Chapel, Lagos' created. Sign in with ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  return true;
}

async function seedChurch(ctx: TenantCtx, today: dayjs.Dayjs): Promise<void> {
  const { tx, tenantId } = ctx;
  const all = await tx.select().from(accounts);
  const acc = (key: string) => all.find((a) => a.systemKey === key)!.id;
  // a donor-restricted fund sits under the 'Donor Restricted Funds' head (the head name gives
  // the existing client its fund type; ledger/funds-service.ts FUND_HEADS)
  const heads = await tx.select().from(accountGroups);
  const buildingGroup = heads.find((g) => g.accountType === 'equity' && g.name === 'Donor Restricted Funds')!.id;
  const [building] = await tx
    .insert(funds)
    .values({ tenantId, name: 'Building Project', code: '3100', fundType: 1, accountGroupId: buildingGroup })
    .returning();
  const incomeGroup = all.find((a) => a.systemKey === 'offering')!.accountGroupId;
  const [buildingIncome] = await tx
    .insert(accounts)
    .values({
      tenantId,
      code: '4030',
      name: 'Building Fund Donations',
      description: 'Gifts restricted to the building project',
      accountType: 'income',
      accountGroupId: incomeGroup,
      fundId: building!.id,
      currencyCode: 'NGN',
    })
    .returning();
  await tx.insert(accounts).values({
    tenantId,
    code: '3100',
    name: 'Building Project',
    description: 'Donor-restricted: new sanctuary',
    accountType: 'equity',
    accountGroupId: buildingGroup,
    fundId: building!.id,
    currencyCode: 'NGN',
  });

  const sunday = await createItem(ctx, {
    name: 'Sunday Offering',
    incomeAccountId: acc('offering'),
    cashAccountId: acc('cash'),
    incomeRemittance: [
      {
        percentage: '10',
        distinationCashBankAccount: acc('bank'),
        distinationIncomeAccount: null,
        financialFundID: null,
      },
    ],
  });
  const tithe = await createItem(ctx, {
    name: 'Tithe',
    incomeAccountId: acc('tithe'),
    cashAccountId: acc('bank'),
    incomeRemittance: null,
  });
  const thanks = await createItem(ctx, {
    name: 'Thanksgiving',
    incomeAccountId: acc('thanksgiving'),
    cashAccountId: acc('cash'),
    incomeRemittance: null,
  });
  const buildingItem = await createItem(ctx, {
    name: 'Building Fund',
    incomeAccountId: buildingIncome!.id,
    cashAccountId: acc('bank'),
    incomeRemittance: null,
  });

  const members: { id: string }[] = [];
  for (const [firstName, lastName, phone] of MEMBERS) {
    members.push(
      await createMember(ctx, {
        firstName,
        lastName,
        mobilePhone: phone,
        email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
      }),
    );
  }
  await seedDemoSettings(
    ctx,
    members.map((m) => m.id),
  );
  // sender IDs and default messages, then the messaging history (issue 9)
  await seedDemoMessagingSettings(ctx);
  await seedDemoMessaging(
    ctx,
    MEMBERS.map(([firstName, lastName, phone], i) => ({
      id: members[i]!.id,
      name: `${firstName} ${lastName}`,
      phone: `+234${phone.slice(1)}`,
      email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
    })),
    today,
    { phone: `+234${FIRST_TIMERS[0]![2].slice(1)}` },
  );
  await seedDemoGiving(ctx, [sunday.id, tithe.id, buildingItem.id]);
  await seedDemoDonations(ctx, today);
  const categories = await createCategory(ctx, 'Sunday Service');
  const midweekCats = await createCategory(ctx, 'Midweek Service');
  const sundayCat = categories.find((c) => c.name === 'Sunday Service')!.id;
  const midweekCat = midweekCats.find((c) => c.name === 'Midweek Service')!.id;

  const random = rng(2026);
  const naira = (min: number, max: number) => (Math.round((min + random() * (max - min)) * 2) / 2).toFixed(2);
  const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)]!;
  const ngn = findCurrencyByCode('NGN')!.id;
  const lastSunday = today.day() === 0 ? today : today.subtract(today.day(), 'day');
  let lastService = '';
  for (let w = 12; w >= 0; w--) {
    const day = lastSunday.subtract(w, 'week');
    const date = day.format('YYYY-MM-DD');
    const service = await createActivity(ctx, { date, eventCategoryId: sundayCat });
    if (w === 0) lastService = service.id;
    const row = (
      item: string,
      amount: string,
      paymentChannel: 'Cash' | 'POS' | 'Bank Transfer',
      personID: string | null,
    ) => ({
      financialContributionID: item,
      date,
      amount,
      paymentChannel,
      activityID: service.id,
      personID,
      currencyID: ngn,
    });
    const rows = [
      row(sunday.id, naira(180_000, 420_000), 'Cash', null),
      row(sunday.id, naira(40_000, 120_000), 'POS', null),
      row(tithe.id, naira(50_000, 250_000), 'Bank Transfer', pick(members).id),
      row(tithe.id, naira(20_000, 90_000), 'Bank Transfer', pick(members).id),
      row(thanks.id, naira(10_000, 60_000), 'Cash', pick(members).id),
    ];
    if (w % 3 === 0) rows.push(row(buildingItem.id, naira(100_000, 500_000), 'Bank Transfer', pick(members).id));
    await saveRows(ctx, rows);
    if (w > 0) {
      const midweekDate = day.add(3, 'day').format('YYYY-MM-DD');
      const midweek = await createActivity(ctx, { date: midweekDate, eventCategoryId: midweekCat });
      await saveRows(ctx, [
        {
          financialContributionID: sunday.id,
          date: midweekDate,
          amount: naira(30_000, 80_000),
          paymentChannel: 'Cash',
          activityID: midweek.id,
          personID: null,
          currencyID: ngn,
        },
      ]);
    }
  }
  await seedAttendance(ctx, today, sundayCat, members, random);
  await seedDemoAttendanceSetups(ctx, today);
  await seedFinanceDocuments(ctx, all, lastSunday);
  // last Sunday's service report is approved: the report page shows its send section and the
  // offerings of that service are locked until it is unapproved (issue 7)
  await approveReport(ctx, { date: lastSunday.format('YYYY-MM-DD'), activityId: lastService });
}

/**
 * Check-ins of the demo's people (the people part of the demo): every member was at a service
 * a year before the offerings start, so they are not first-timers, and about three in four
 * attend each Sunday service of the last 12 weeks; the FIRST_TIMERS visitors come for the
 * first time in the last weeks and stay. The dashboard's first-timer count and series read
 * these (a first-timer is a person whose first attendance falls in the year).
 */
async function seedAttendance(
  ctx: TenantCtx,
  today: dayjs.Dayjs,
  sundayCat: string,
  members: { id: string }[],
  random: () => number,
): Promise<void> {
  const { tx, tenantId } = ctx;
  const visitors: { id: string; since: number }[] = [];
  for (const [firstName, lastName, phone, since] of FIRST_TIMERS) {
    const p = await createMember(ctx, { firstName, lastName, mobilePhone: phone });
    visitors.push({ id: p.id, since });
  }
  const earlier = await createActivity(ctx, {
    date: today.subtract(1, 'year').subtract(2, 'week').format('YYYY-MM-DD'),
    eventCategoryId: sundayCat,
  });
  const services = await queryRows<{ id: string; activity_date: string }>(
    tx,
    sql`select id, activity_date::text from activities
         where tenant_id = ${tenantId} and event_category_id = ${sundayCat} and id <> ${earlier.id}
         order by activity_date`,
  );
  const checkIn = async (activityId: string, people: string[]) => {
    const [row] = await queryRows<{ id: string }>(
      tx,
      // a Sunday's check-in, not an event people register for
      sql`insert into checkin_attendances (tenant_id, attendance_code, activity_id, enable_registration)
          values (${tenantId}, ${`DEMO${randomUUID().slice(0, 8).toUpperCase()}`}, ${activityId}, false) returning id`,
    );
    for (const personId of people)
      await tx.execute(
        sql`insert into attendance_records (tenant_id, checkin_attendance_id, person_id, checked_in_at)
            select ${tenantId}, ${row!.id}, ${personId}, a.activity_date + time '09:00'
              from activities a where a.tenant_id = ${tenantId} and a.id = ${activityId}`,
      );
  };
  await checkIn(
    earlier.id,
    members.map((m) => m.id),
  );
  for (const [i, service] of services.entries()) {
    const weeksAgo = services.length - 1 - i;
    const present = members.filter(() => random() < 0.75).map((m) => m.id);
    const guests = visitors.filter((v) => v.since >= weeksAgo).map((v) => v.id);
    await checkIn(service.id, [...present, ...guests]);
  }
}

/**
 * The demo church's incomes, expenses and journal of the last weeks (issue 7): the transaction
 * page and the Cash and Bank registers show every kind of posting, one expense approved (locked).
 */
async function seedFinanceDocuments(
  ctx: TenantCtx,
  all: { id: string; name: string; systemKey: string | null }[],
  lastSunday: dayjs.Dayjs,
): Promise<void> {
  const byName = (name: string) => all.find((a) => a.name === name)!.id;
  const byKey = (key: string) => all.find((a) => a.systemKey === key)!.id;
  const day = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');
  await saveIncome(
    ctx,
    ZIncomeSave.parse({
      date: day(lastSunday.subtract(13, 'day')),
      memo: "Harvest gifts from the women's fellowship",
      amount: '250000',
      debitAccountID: byKey('bank'),
      creditSplitAccounts: [{ accountID: byName('Donations'), amount: '250000' }],
    }),
  );
  const electricity = await saveExpense(
    ctx,
    ZExpenseSave.parse({
      date: day(lastSunday.subtract(6, 'day')),
      memo: 'Electricity bill (November)',
      amount: '185000',
      creditAccountID: byKey('bank'),
      debitSplitAccounts: [{ accountID: byName('Utilities'), amount: '185000' }],
    }),
  );
  await approveDoc(ctx, electricity.id, true);
  await saveExpense(
    ctx,
    ZExpenseSave.parse({
      date: day(lastSunday.subtract(4, 'day')),
      memo: 'Generator repair',
      amount: '42500',
      creditAccountID: byKey('cash'),
      debitSplitAccounts: [{ accountID: byName('Maintenance and Repairs'), amount: '42500' }],
    }),
  );
  await saveJournal(
    ctx,
    ZJournalSave.parse([
      {
        date: day(lastSunday.subtract(6, 'day')),
        memo: 'Sunday cash banked',
        debitAccountID: byKey('bank'),
        amount: '300000',
      },
      {
        date: day(lastSunday.subtract(6, 'day')),
        memo: 'Sunday cash banked',
        creditAccountID: byKey('cash'),
        amount: '300000',
      },
    ]),
  );
}
