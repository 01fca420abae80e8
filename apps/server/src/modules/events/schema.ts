import { sql } from 'drizzle-orm';
import { date, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantFk, tenantId } from '../../db/columns.ts';

/** An event category, e.g. 'Sunday Service'; its name is the event's name. */
export const eventCategories = pgTable(
  'event_categories',
  { tenantId: tenantId(), id: id(), name: text('name').notNull(), createdAt: createdAt() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('event_categories_name_key').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

/** An event activity: one occurrence of a category on a date. */
export const activities = pgTable(
  'activities',
  {
    tenantId: tenantId(),
    id: id(),
    eventCategoryId: uuid('event_category_id').notNull(),
    name: text('name').notNull(),
    activityDate: date('activity_date', { mode: 'string' }).notNull(),
    reportApprovedAt: date('report_approved_at', { mode: 'string' }),
    reportSentAt: date('report_sent_at', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('activities_date_idx').on(t.tenantId, t.activityDate),
    tenantFk('activities_category_fk', t.tenantId, t.eventCategoryId, eventCategories.tenantId, eventCategories.id),
  ],
);
