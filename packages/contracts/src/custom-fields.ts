import { z } from 'zod';
import { ZEnvelope, ZId } from './common.ts';

/**
 * Custom fields (spec 2.20, §3 'Custom field'; existing-client-api §6.4).
 *
 * Control types as the setup screen stores them (id:name). 11 is the multi-select of §6.4
 * ('MultiSelect 11'); the public pages read some codes differently (see
 * apps/server/src/modules/settings/custom-field-values.ts, publicControlKind).
 */
export const CONTROL_TYPES = [
  { id: 0, name: 'Text' },
  { id: 1, name: 'DropdownList' },
  { id: 2, name: 'CheckBox' },
  { id: 3, name: 'DateTime' },
  { id: 4, name: 'Email' },
  { id: 5, name: 'Image' },
  { id: 6, name: 'Number' },
  { id: 11, name: 'MultiSelectDropdownList' },
] as const;

/** The entities a custom field can belong to (existing-client-api §6.4, ids "0"–"5"). */
export const ENTITY_TYPES = [
  { id: 0, name: 'Member' },
  { id: 1, name: 'FirstTimers' },
  { id: 2, name: 'NewConverts' },
  { id: 3, name: 'Activity' },
  { id: 4, name: 'EventRegistrationForm' },
  { id: 5, name: 'CheckInAttendance' },
] as const;

export const CONTROL = {
  Text: 0,
  DropdownList: 1,
  CheckBox: 2,
  DateTime: 3,
  Email: 4,
  Image: 5,
  Number: 6,
  MultiSelectDropdownList: 11,
} as const;

/**
 * A code given by name (case-insensitive; the client sends names on create) or by id (a
 * numeric string on edit, or a number) → its id; unknown → a zod issue on that field.
 */
function codeOf(table: readonly { id: number; name: string }[], what: string) {
  const names = table.map((t) => t.name).join(', ');
  return z.union([z.string().max(64), z.number()], { error: `must be a ${what} name or id` }).transform((v, ctx) => {
    const s = String(v).trim();
    const hit = /^\d{1,3}$/.test(s)
      ? table.find((t) => t.id === Number(s))
      : table.find((t) => t.name.toLowerCase() === s.toLowerCase());
    if (!hit) {
      ctx.addIssue({ code: 'custom', message: `must be one of ${names} (or its id)` });
      return z.NEVER;
    }
    return hit.id;
  });
}

export const ZControlTypeCode = codeOf(CONTROL_TYPES, 'control type');
export const ZEntityTypeCode = codeOf(ENTITY_TYPES, 'entity type');

/** A custom field as every list and mutation answers it (existing-client-api §6.4). */
export const ZCustomField = z.object({
  id: z.uuid(),
  label: z.string(),
  controlType: z.number().int(),
  entityType: z.number().int(),
  /** the options of a dropdown or multi-select, comma-joined ('' for other types) */
  parameterValues: z.string(),
  order: z.number().int(),
  tenantID: z.uuid(),
});
export type TCustomField = z.infer<typeof ZCustomField>;

/** GetAllControls / GetCustomizableObjects item. */
export const ZCodeName = z.object({ id: z.number().int(), name: z.string() });

/** GET /api/CustomFields/GetAllCustomFields query: an optional entity filter. */
export const ZCustomFieldListQuery = z.object({ entityType: ZEntityTypeCode.optional() });

/** GET /GetAllCustomFields (public) query: the church and the entity. */
export const ZPublicCustomFieldQuery = z.object({
  entityType: ZEntityTypeCode,
  tenantID: z.guid({ message: 'must be an id' }),
});

const ZLabel = z
  .string({ error: 'Enter a label' })
  .trim()
  .min(1, 'Enter a label')
  .max(100, 'Use at most 100 characters for the label');

/** The options, comma-joined; normalised by the service (trimmed, empties and duplicates dropped). */
const ZParameterValues = z
  .string()
  .max(4000, 'Use at most 4000 characters for the options')
  .nullish()
  .transform((v) => v ?? '');

/** POST /api/CustomFields/SaveCustomFields body (existing-client-api §6.4); tenantID is ignored (the session decides). */
export const ZSaveCustomFieldRequest = z.object({
  entityType: ZEntityTypeCode,
  tenantID: z.string().max(64).nullish(),
  label: ZLabel,
  parameterValues: ZParameterValues,
  controlType: ZControlTypeCode,
});
export type TSaveCustomFieldRequest = z.output<typeof ZSaveCustomFieldRequest>;

/**
 * PUT /api/CustomFields/EditCustomFields body. The existing client never sends `id`
 * (§6.4), so the id may come as the `customAttributeID` query parameter instead.
 */
export const ZEditCustomFieldRequest = ZSaveCustomFieldRequest.extend({ id: ZId.nullish() });
export type TEditCustomFieldRequest = z.output<typeof ZEditCustomFieldRequest>;

/** `?customAttributeID=` of EditCustomFields (PUT: optional, DELETE: required). */
export const ZCustomFieldIdQuery = z.object({ customAttributeID: ZId });
export const ZOptionalCustomFieldIdQuery = z.object({ customAttributeID: ZId.optional() });

/** POST /api/CustomFields/ReorderCustomFields body: the full list with `order` = position. */
export const ZReorderCustomFieldsRequest = z
  .array(z.object({ id: ZId, order: z.number().int().min(0).max(1_000_000) }))
  .max(1000, 'Send at most 1000 fields');
export type TReorderCustomFieldsRequest = z.output<typeof ZReorderCustomFieldsRequest>;

/** DELETE answer: the envelope with the deleted id. */
export const ZDeleteCustomFieldResponse = ZEnvelope(z.object({ id: z.uuid() }));
