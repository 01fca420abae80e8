import { and, asc, eq, sql } from 'drizzle-orm';
import type {
  TCustomField,
  TEditCustomFieldRequest,
  TReorderCustomFieldsRequest,
  TSaveCustomFieldRequest,
} from '@steward/contracts/custom-fields';
import type { TenantCtx } from '../../lib/context.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { queryRows, withTenant, type Db } from '../../db/client.ts';
import { splitOptions, takesOptions } from './custom-field-values.ts';
import { customFields, customFieldValues } from './schema.ts';

const toField = (r: typeof customFields.$inferSelect): TCustomField => ({
  id: r.id,
  label: r.label,
  controlType: r.controlType,
  entityType: r.entityType,
  parameterValues: r.parameterValues,
  order: r.order,
  tenantID: r.tenantId,
});

const answers = (n: number) => `${n} answer${n === 1 ? '' : 's'}`;

/**
 * The options to store for a control type (spec 2.20): comma-joined, trimmed, empty options
 * dropped, duplicates (case-insensitive) removed; at least one for DropdownList and
 * MultiSelect (else 400 naming parameterValues), '' for every other type.
 */
function optionsFor(controlType: number, raw: string): string {
  if (!takesOptions(controlType)) return '';
  const options = splitOptions(raw);
  if (options.length === 0) throw badRequest('parameterValues', 'Enter at least one option for a dropdown');
  return options.join(',');
}

/**
 * GET /api/CustomFields/GetAllCustomFields (existing-client-api §6.4): the church's fields,
 * optionally of one entity type, by order then label.
 */
export async function listFields(ctx: TenantCtx, entityType?: number): Promise<TCustomField[]> {
  const rows = await ctx.tx
    .select()
    .from(customFields)
    .where(
      and(
        eq(customFields.tenantId, ctx.tenantId),
        entityType === undefined ? undefined : eq(customFields.entityType, entityType),
      ),
    )
    .orderBy(asc(customFields.order), asc(customFields.label), asc(customFields.id));
  return rows.map(toField);
}

/**
 * GET /GetAllCustomFields?entityType=&tenantID= (public; registration and check-in pages):
 * the fields of one entity of the church `tenantId`, read as that church (row-level
 * security). An id of no church simply has no rows: [].
 */
export function listPublicFields(db: Db, tenantId: string, entityType: number): Promise<TCustomField[]> {
  return withTenant(db, tenantId, (tx) => listFields({ tx, tenantId, userId: null }, entityType));
}

/**
 * POST /api/CustomFields/SaveCustomFields (spec 2.20): creates a field at the end of the
 * church's list (order = max + 1, 0 for the first). Throws 400 naming parameterValues for a
 * dropdown without options; the unique index answers 400 naming label for a label already
 * used by a field of the same entity (case-insensitive).
 */
export async function createField(ctx: TenantCtx, input: TSaveCustomFieldRequest): Promise<TCustomField> {
  const [row] = await ctx.tx
    .insert(customFields)
    .values({
      tenantId: ctx.tenantId,
      label: input.label,
      controlType: input.controlType,
      entityType: input.entityType,
      parameterValues: optionsFor(input.controlType, input.parameterValues),
      order: sql`(select coalesce(max(${customFields.order}) + 1, 0) from ${customFields} where ${customFields.tenantId} = ${ctx.tenantId})`,
    })
    .returning();
  return toField(row!);
}

/** Answers held by a field (custom_field_values rows), counted in SQL. */
async function countAnswers(ctx: TenantCtx, id: string): Promise<number> {
  const [r] = await ctx.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(customFieldValues)
    .where(and(eq(customFieldValues.tenantId, ctx.tenantId), eq(customFieldValues.customFieldId, id)));
  return Number(r?.n ?? 0);
}

async function lockField(ctx: TenantCtx, id: string) {
  const [row] = await ctx.tx
    .select()
    .from(customFields)
    .where(and(eq(customFields.tenantId, ctx.tenantId), eq(customFields.id, id)))
    .for('update');
  if (!row) throw notFound('Custom field');
  return row;
}

/**
 * PUT /api/CustomFields/EditCustomFields (spec 2.20; §6.4): replaces label, control type,
 * entity type and options of field `id`. Throws 404 for an id of no field of this church;
 * 409 when the field holds answers and the control type or entity type would change (the
 * answers were given for the old one; the message says how many); 400 as createField.
 */
export async function editField(ctx: TenantCtx, id: string, input: TEditCustomFieldRequest): Promise<TCustomField> {
  const current = await lockField(ctx, id);
  if (current.controlType !== input.controlType || current.entityType !== input.entityType) {
    const n = await countAnswers(ctx, id);
    if (n > 0) {
      const what = current.controlType !== input.controlType ? 'control type' : 'entity type';
      throw new AppError(409, `This field holds ${answers(n)}; its ${what} cannot be changed.`);
    }
  }
  const [row] = await ctx.tx
    .update(customFields)
    .set({
      label: input.label,
      controlType: input.controlType,
      entityType: input.entityType,
      parameterValues: optionsFor(input.controlType, input.parameterValues),
    })
    .where(and(eq(customFields.tenantId, ctx.tenantId), eq(customFields.id, id)))
    .returning();
  return toField(row!);
}

/**
 * DELETE /api/CustomFields/EditCustomFields?customAttributeID= (spec 2.20): deletes an
 * unanswered field. Throws 404 for an id of no field of this church; 400 naming
 * customAttributeID, 'This field holds N answers; it cannot be deleted.', when answers exist
 * (the client shows 'Ensure this is not in any group' on a 400).
 */
export async function deleteField(ctx: TenantCtx, id: string): Promise<{ id: string }> {
  await lockField(ctx, id);
  const n = await countAnswers(ctx, id);
  if (n > 0) throw badRequest('customAttributeID', `This field holds ${answers(n)}; it cannot be deleted.`);
  await ctx.tx.delete(customFields).where(and(eq(customFields.tenantId, ctx.tenantId), eq(customFields.id, id)));
  return { id };
}

/**
 * POST /api/CustomFields/ReorderCustomFields (spec 2.20, §4): sets each listed field's order
 * to the one sent (the client sends the full list with order = position); answers the list.
 * Throws 400 naming `N.id` for an id listed twice and 404 (nothing changed: the request's
 * transaction rolls back) when an id is not a field of this church.
 */
export async function reorderFields(ctx: TenantCtx, items: TReorderCustomFieldsRequest): Promise<TCustomField[]> {
  const seen = new Set<string>();
  items.forEach((it, i) => {
    const key = it.id.toLowerCase();
    if (seen.has(key)) throw badRequest(`${i}.id`, 'is listed twice');
    seen.add(key);
  });
  if (items.length > 0) {
    const values = sql.join(
      items.map((it) => sql`(${it.id}::uuid, ${it.order}::int)`),
      sql`, `,
    );
    const updated = await queryRows<{ id: string }>(
      ctx.tx,
      sql`update custom_fields c set sort_order = v.ord
          from (values ${values}) as v(id, ord)
          where c.tenant_id = ${ctx.tenantId} and c.id = v.id
          returning c.id`,
    );
    if (updated.length !== items.length) throw notFound('Custom field');
  }
  return listFields(ctx);
}
