import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantFk, tenantId } from '../../db/columns.ts';

/** Custom fields (spec 2.20): control type 0-6, entity type 0/3/4/5. */
export const customFields = pgTable(
  'custom_fields',
  {
    tenantId: tenantId(),
    id: id(),
    label: text('label').notNull(),
    controlType: integer('control_type').notNull(),
    entityType: integer('entity_type').notNull(),
    parameterValues: text('parameter_values').notNull().default(''),
    order: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('custom_fields_label_key').on(t.tenantId, t.entityType, sql`lower(${t.label})`),
  ],
);

/** A filled-in custom field for one entity (person, activity, registration, check-in). */
export const customFieldValues = pgTable(
  'custom_field_values',
  {
    tenantId: tenantId(),
    id: id(),
    customFieldId: uuid('custom_field_id').notNull(),
    entityId: uuid('entity_id').notNull(),
    data: text('data').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantFk('custom_field_values_field_fk', t.tenantId, t.customFieldId, customFields.tenantId, customFields.id),
    index('custom_field_values_field_idx').on(t.tenantId, t.customFieldId),
    index('custom_field_values_entity_idx').on(t.tenantId, t.entityId),
  ],
);
