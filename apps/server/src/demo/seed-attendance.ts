import type dayjs from 'dayjs';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import type { TenantCtx } from '../lib/context.ts';
import { createActivity, createCategory } from '../modules/events/service.ts';
import { createMember } from '../modules/people/service.ts';
import { cutOffInstant } from '../modules/attendance/setup-form.ts';
import { insertSetupWithNewCode } from '../modules/attendance/setup-service.ts';
import * as q from '../modules/attendance/setup-queries.ts';
import { seedDemoPaidEvent } from './seed-paid-event.ts';

/*
 * The demo church's attendance set-ups (issue 11): the Sunday services' check-ins get their
 * groups, an upcoming Family Sunday has a set-up for the adults' cell groups and the children's
 * church with a check-in cut-off in the future and check-in messages, and the Afolabi family
 * (two parents, two children with care notes) can be checked in at the door. The check-in form's
 * custom fields (entity type 5: 'How did you hear about us?', 'First time in a church?') come
 * from seed-settings.ts. Family Sunday has registrations (issue 12): the Afolabis (Daniel with his
 * two children as wards) and four other members, with answers to the registration questions.
 */

/** The groups every demo set-up is for: an adults' group and a children's room (seed-settings.ts). */
const SETUP_GROUPS = ['Cell groups', "Children's church"];

const FAMILY = {
  name: 'Afolabi',
  phone: '08031234701',
  address: '12 Admiralty Way, Lekki, Lagos',
  father: { firstName: 'Daniel', phone: '08031234701', email: 'daniel.afolabi@example.com', genderId: 1 },
  mother: { firstName: 'Ruth', phone: '08031234702', email: 'ruth.afolabi@example.com', genderId: 2 },
  children: [
    { firstName: 'David', genderId: 1, roleId: 3, room: 'Juniors', careNotes: 'Peanut allergy: no snacks with nuts' },
    { firstName: 'Esther', genderId: 2, roleId: 4, room: 'Toddlers', careNotes: 'Asthma: inhaler in her bag' },
  ],
};

/**
 * Adds the attendance set-up part of the demo (runs in the demo church's transaction, after
 * the Sunday check-ins of seed-demo.ts exist): groups for every set-up without any, the upcoming
 * 'Family Sunday' (the Sunday after `today`) with its set-up (check-in closes at 1 pm Lagos time
 * that day; check-in SMS and e-mail texts; registration closes the evening before), and the
 * Afolabi family with phones, the children in their rooms.
 */
export async function seedDemoAttendanceSetups(ctx: TenantCtx, today: dayjs.Dayjs): Promise<void> {
  const { tx, tenantId } = ctx;
  const groups = await queryRows<{ id: string; name: string }>(
    tx,
    sql`select id, name from groups where tenant_id = ${tenantId}`,
  );
  const groupId = (name: string) => groups.find((g) => g.name === name)?.id;
  const setupGroups = SETUP_GROUPS.map(groupId).filter((id): id is string => Boolean(id));

  const bare = await queryRows<{ id: string }>(
    tx,
    sql`select ca.id from checkin_attendances ca
         where ca.tenant_id = ${tenantId} and not exists (
           select 1 from checkin_attendance_groups cg
            where cg.tenant_id = ca.tenant_id and cg.checkin_attendance_id = ca.id)`,
  );
  if (setupGroups.length > 0) for (const s of bare) await q.setGroups(tx, tenantId, s.id, setupGroups);

  const categories = await createCategory(ctx, 'Family Sunday');
  const categoryId = categories.find((c) => c.name === 'Family Sunday')!.id;
  const day = today.add(7 - today.day(), 'day').format('YYYY-MM-DD');
  const event = await createActivity(ctx, { date: day, eventCategoryId: categoryId });
  const eve = today.add(6 - today.day(), 'day').format('YYYY-MM-DD');
  const setupId = await insertSetupWithNewCode(tx, tenantId, {
    activityId: event.id,
    bannerUrl: null,
    bannerName: null,
    details: 'One service for the whole family: the children start with their parents, then go to their rooms.',
    registrationSlot: 300,
    isPaidFor: false,
    amountMinor: null,
    currencyCode: null,
    bankCode: null,
    accountNumber: null,
    accountName: null,
    incomeAccountId: null,
    cashAccountId: null,
    paymentFormId: null,
    registrationSms: 'Hello {firstName}, you are registered for Family Sunday at {churchName}. See you there!',
    registrationSmsSubject: null,
    registrationEmail: '<p>Hello {firstName},</p><p>You are registered for Family Sunday. See you there!</p>',
    registrationEmailSubject: 'You are registered for Family Sunday',
    checkinSms: 'Welcome to Family Sunday, {firstName}! Thank you for worshipping with us at {churchName}.',
    checkinSmsSubject: null,
    checkinEmail: '<p>Hello {firstName},</p><p>Thank you for worshipping with us today. God bless you!</p>',
    checkinEmailSubject: 'Welcome to Family Sunday',
    enableRegistration: true,
    registrationCutOffTime: cutOffInstant(`${eve}T20:00`, 'Africa/Lagos', 'registrationCutOffTime'),
    checkInCutOffTime: cutOffInstant(`${day}T13:00`, 'Africa/Lagos', 'checkInCutOffTime'),
  });
  if (setupGroups.length > 0) await q.setGroups(tx, tenantId, setupId, setupGroups);

  const family = await seedFamily(ctx, groupId);
  await seedRegistrations(ctx, setupId, family);
  await seedDemoPaidEvent(ctx, today, setupGroups);
}

/**
 * Registrations for Family Sunday (issue 12; a free event: the paid Youth Retreat is in
 * seed-paid-event.ts): Daniel Afolabi with his two children as wards, Ruth Afolabi, and four other members,
 * registered over the past days, each registrant answering the registration questions of
 * seed-settings.ts (entity 4: 'T-shirt size', 'Number of guests').
 */
async function seedRegistrations(ctx: TenantCtx, setupId: string, family: SeededFamily): Promise<void> {
  const { tx, tenantId } = ctx;
  const others = await queryRows<{ id: string }>(
    tx,
    sql`select id from people
         where tenant_id = ${tenantId} and mobile_phone is not null and last_name <> ${FAMILY.name}
         order by first_name, last_name, id
         limit 4`,
  );
  const fields = await queryRows<{ id: string; label: string }>(
    tx,
    sql`select id, label from custom_fields where tenant_id = ${tenantId} and entity_type = 4`,
  );
  const field = (label: string) => fields.find((f) => f.label === label)?.id;
  const sizes = ['L', 'M', 'XL', 'S', 'M', 'L'];
  const registrants = [family.fatherId, family.motherId, ...others.map((o) => o.id)];
  for (const [i, personId] of registrants.entries()) {
    const daysAgo = registrants.length - i;
    const [reg] = await queryRows<{ id: string }>(
      tx,
      sql`insert into event_registrations (tenant_id, checkin_attendance_id, person_id, status, created_at, updated_at)
          values (${tenantId}, ${setupId}, ${personId}, 'registered', now() - make_interval(days => ${daysAgo}),
                  now() - make_interval(days => ${daysAgo}))
          returning id`,
    );
    const answers: [string | undefined, string][] = [
      [field('T-shirt size'), sizes[i % sizes.length]!],
      [field('Number of guests'), String(i % 3)],
    ];
    for (const [fieldId, data] of answers)
      if (fieldId)
        await tx.execute(
          sql`insert into custom_field_values (tenant_id, custom_field_id, entity_id, data)
              values (${tenantId}, ${fieldId}, ${reg!.id}, ${data})`,
        );
    if (personId === family.fatherId)
      for (const child of family.childIds)
        await tx.execute(
          sql`insert into event_registrations
                (tenant_id, checkin_attendance_id, person_id, registered_by_id, status, created_at, updated_at)
              values (${tenantId}, ${setupId}, ${child}, ${personId}, 'registered',
                      now() - make_interval(days => ${daysAgo}), now() - make_interval(days => ${daysAgo}))`,
        );
  }
}

/** The people of the demo family. */
interface SeededFamily {
  fatherId: string;
  motherId: string;
  childIds: string[];
}

/** The Afolabi family: father and mother with phones and e-mails, two children with care notes in their rooms. */
async function seedFamily(ctx: TenantCtx, groupId: (name: string) => string | undefined): Promise<SeededFamily> {
  const { tx, tenantId } = ctx;
  const parent = (p: typeof FAMILY.father) =>
    createMember(ctx, {
      firstName: p.firstName,
      lastName: FAMILY.name,
      mobilePhone: p.phone,
      email: p.email,
      homeAddress: FAMILY.address,
      genderId: p.genderId,
    });
  const father = await parent(FAMILY.father);
  const mother = await parent(FAMILY.mother);
  const [family] = await queryRows<{ id: string }>(
    tx,
    sql`insert into families (tenant_id, family_name, father_id, mother_id, home_phone, home_address, email)
        values (${tenantId}, ${`The ${FAMILY.name} family`}, ${father.id}, ${mother.id}, ${FAMILY.phone},
                ${FAMILY.address}, ${FAMILY.father.email})
        returning id`,
  );
  const members: { personId: string; roleId: number }[] = [
    { personId: father.id, roleId: 1 },
    { personId: mother.id, roleId: 2 },
  ];
  for (const child of FAMILY.children) {
    const p = await createMember(ctx, { firstName: child.firstName, lastName: FAMILY.name, genderId: child.genderId });
    await tx.execute(
      sql`update people set care_notes = ${child.careNotes} where tenant_id = ${tenantId} and id = ${p.id}`,
    );
    members.push({ personId: p.id, roleId: child.roleId });
    const room = groupId(child.room);
    if (room)
      await tx.execute(
        sql`insert into group_members (tenant_id, group_id, person_id) values (${tenantId}, ${room}, ${p.id})
            on conflict do nothing`,
      );
  }
  for (const m of members)
    await tx.execute(
      sql`insert into family_members (tenant_id, family_id, person_id, family_role)
          values (${tenantId}, ${family!.id}, ${m.personId}, ${m.roleId})`,
    );
  return { fatherId: father.id, motherId: mother.id, childIds: members.slice(2).map((m) => m.personId) };
}
