import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantFk, tenantId } from '../../db/columns.ts';

/** A member, donor, visitor or ward. */
export const people = pgTable(
  'people',
  {
    tenantId: tenantId(),
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    mobilePhone: text('mobile_phone'),
    homeAddress: text('home_address'),
    genderId: integer('gender_id'),
    maritalStatusId: integer('marital_status_id'),
    dayOfBirth: integer('day_of_birth'),
    monthOfBirth: integer('month_of_birth'),
    yearOfWedding: integer('year_of_wedding'),
    monthOfWedding: integer('month_of_wedding'),
    dayOfWedding: integer('day_of_wedding'),
    cardNumber: text('card_number'),
    pictureUrl: text('picture_url'),
    /**
     * The last 10 digits of the mobile phone: the key a phone lookup matches on, so '08031234567'
     * and '+234 803 123 4567' find the same person (public check-in and registration).
     */
    mobilePhoneKey: text('mobile_phone_key').generatedAlwaysAs(
      sql`nullif(right(regexp_replace(coalesce(mobile_phone, ''), '[^0-9]', '', 'g'), 10), '')`,
    ),
    /** a child's allergies or care notes, printed on the child's check-in label */
    careNotes: text('care_notes'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('people_phone_idx').on(t.tenantId, t.mobilePhone),
    index('people_phone_key_idx').on(t.tenantId, t.mobilePhoneKey),
    index('people_name_idx').on(t.tenantId, t.firstName, t.lastName),
  ],
);

export const families = pgTable(
  'families',
  {
    tenantId: tenantId(),
    id: id(),
    familyName: text('family_name').notNull(),
    fatherId: uuid('father_id'),
    motherId: uuid('mother_id'),
    homePhone: text('home_phone'),
    homeAddress: text('home_address'),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantFk('families_father_fk', t.tenantId, t.fatherId, people.tenantId, people.id),
    tenantFk('families_mother_fk', t.tenantId, t.motherId, people.tenantId, people.id),
  ],
);

export const familyMembers = pgTable(
  'family_members',
  {
    tenantId: tenantId(),
    id: id(),
    familyId: uuid('family_id').notNull(),
    personId: uuid('person_id').notNull(),
    /** GET /getfamilyroles ids: 1 Father, 2 Mother, 3 Son, 4 Daughter, 5 Ward, 6 Guardian, 7 Other relative */
    familyRoleId: integer('family_role').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // a person is in at most one family
    uniqueIndex('family_members_person_key').on(t.tenantId, t.personId),
    index('family_members_family_idx').on(t.tenantId, t.familyId),
    check('family_members_role_check', sql`${t.familyRoleId} between 1 and 7`),
    tenantFk('family_members_family_fk', t.tenantId, t.familyId, families.tenantId, families.id),
    tenantFk('family_members_person_fk', t.tenantId, t.personId, people.tenantId, people.id),
  ],
);

/** A group tree (cells, departments, classes). */
export const groups = pgTable(
  'groups',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    parentId: uuid('parent_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantFk('groups_parent_fk', t.tenantId, t.parentId, t.tenantId, t.id),
    // sibling groups have different names (case-insensitive); top-level groups count as siblings
    uniqueIndex('groups_name_key').on(
      t.tenantId,
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
    index('groups_parent_idx').on(t.tenantId, t.parentId),
  ],
);

export const groupMembers = pgTable(
  'group_members',
  {
    tenantId: tenantId(),
    groupId: uuid('group_id').notNull(),
    personId: uuid('person_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.groupId, t.personId] }),
    tenantFk('group_members_group_fk', t.tenantId, t.groupId, groups.tenantId, groups.id),
    tenantFk('group_members_person_fk', t.tenantId, t.personId, people.tenantId, people.id),
  ],
);

/** Branch hierarchy levels (spec 2.19). */
export const branchLevels = pgTable(
  'branch_levels',
  { tenantId: tenantId(), id: id(), name: text('name').notNull(), level: integer('level').notNull() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('branch_levels_name_key').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

/** Guest life-cycle stages (spec 2.18). */
export const firstTimerStages = pgTable(
  'first_timer_stages',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    order: integer('sort_order').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('first_timer_stages_name_key').on(t.tenantId, sql`lower(${t.name})`),
    // one default stage per church
    uniqueIndex('first_timer_stages_default_key')
      .on(t.tenantId)
      .where(sql`${t.isDefault}`),
  ],
);
