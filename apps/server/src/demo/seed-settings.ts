import { randomUUID } from 'node:crypto';
import type { TenantCtx } from '../lib/context.ts';
import { branchLevels, firstTimerStages, groupMembers, groups } from '../modules/people/schema.ts';
import { customFields } from '../modules/settings/schema.ts';

/** The demo church's guest life-cycle (spec 2.18): 'First visit' is the default stage. */
const STAGES = ['First visit', 'Welcome call', 'Second visit', 'Membership class', 'Joined a cell group'];

/** Its branch hierarchy (spec 2.19), level 0 first. */
const LEVELS = ['Headquarters', 'Region', 'Zone', 'Parish'];

/**
 * Its custom fields (spec 2.20): control type (0 Text, 1 DropdownList, 2 CheckBox, 3 DateTime,
 * 4 Email, 6 Number), entity type (0 Member, 4 EventRegistrationForm, 5 CheckInAttendance).
 */
const FIELDS: { label: string; controlType: number; entityType: number; options?: string }[] = [
  { label: 'Occupation', controlType: 0, entityType: 0 },
  { label: 'Department', controlType: 1, entityType: 0, options: 'Choir,Ushering,Media,Children' },
  { label: 'Date joined', controlType: 3, entityType: 0 },
  {
    label: 'How did you hear about us?',
    controlType: 1,
    entityType: 5,
    options: 'A friend,Social media,Radio,Walked in',
  },
  { label: 'First time in a church?', controlType: 2, entityType: 5 },
  { label: 'T-shirt size', controlType: 1, entityType: 4, options: 'S,M,L,XL' },
  { label: 'Number of guests', controlType: 6, entityType: 4 },
];

/**
 * The group tree (spec 2.21), three levels deep: name → children. Members are shared out
 * over the leaf groups in order.
 */
const GROUPS: [string, string, [string, string[]][]][] = [
  [
    'Departments',
    'Serving teams of the church',
    [
      ['Choir', ['Sopranos', 'Altos', 'Tenors']],
      ['Ushering', []],
      ['Media', []],
    ],
  ],
  [
    'Cell groups',
    'Home fellowships by area',
    [
      ['Lekki cell', []],
      ['Ikeja cell', []],
      ['Surulere cell', []],
    ],
  ],
  [
    "Children's church",
    'Sunday school classes',
    [
      ['Toddlers', []],
      ['Juniors', []],
    ],
  ],
];

/**
 * Adds the settings of issue 8 to the demo church: guest life-cycle stages, branch levels,
 * custom fields of each kind, and a three-level group tree with members (`memberIds` are
 * people of the church; each leaf group gets two of them in turn).
 */
export async function seedDemoSettings(ctx: TenantCtx, memberIds: string[]): Promise<void> {
  const { tx, tenantId } = ctx;
  await tx
    .insert(firstTimerStages)
    .values(STAGES.map((name, i) => ({ tenantId, id: randomUUID(), name, order: i + 1, isDefault: i === 0 })));
  await tx.insert(branchLevels).values(LEVELS.map((name, level) => ({ tenantId, id: randomUUID(), name, level })));
  await tx.insert(customFields).values(
    FIELDS.map((f, i) => ({
      tenantId,
      id: randomUUID(),
      label: f.label,
      controlType: f.controlType,
      entityType: f.entityType,
      parameterValues: f.options ?? '',
      order: i + 1,
    })),
  );
  const rows: (typeof groups.$inferInsert)[] = [];
  const leaves: string[] = [];
  for (const [name, description, children] of GROUPS) {
    const topId = randomUUID();
    rows.push({ tenantId, id: topId, name, description, parentId: null });
    for (const [childName, grandChildren] of children) {
      const childId = randomUUID();
      rows.push({ tenantId, id: childId, name: childName, description: null, parentId: topId });
      if (grandChildren.length === 0) leaves.push(childId);
      for (const g of grandChildren) {
        const gId = randomUUID();
        rows.push({ tenantId, id: gId, name: g, description: null, parentId: childId });
        leaves.push(gId);
      }
    }
  }
  // parents first: the parent foreign key is checked row by row
  for (const row of rows) await tx.insert(groups).values(row);
  if (memberIds.length === 0) return;
  const memberships = leaves.flatMap((groupId, i) =>
    [0, 1].map((k) => ({ tenantId, groupId, personId: memberIds[(i * 2 + k) % memberIds.length]! })),
  );
  await tx.insert(groupMembers).values(memberships).onConflictDoNothing();
}
