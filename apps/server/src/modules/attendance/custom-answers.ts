import type { Tx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { validateCustomFieldValue } from '../settings/custom-field-values.ts';
import { customFieldsOf } from './public-checkin-queries.ts';

/**
 * The custom field answers of a public page (check-in or event registration) checked, in order:
 * each `customAttributeID` must be a custom field of entity type `entityType` of the church
 * (else 400 on `customAttributeData.N.customAttributeID`, "is not a `kind` field of this church"),
 * answered once (400 "is answered twice"), and its `data` valid for the field's type (400 on
 * `customAttributeData.N.data`). Null answers are left out. Answers `{fieldId, data}` with the
 * field id lower-cased, ready to store.
 */
export async function checkCustomAnswers(
  tx: Tx,
  tenantId: string,
  entityType: number,
  kind: string,
  wanted: readonly { customAttributeID: string; data: string | null }[],
): Promise<{ fieldId: string; data: string }[]> {
  const fields = new Map(
    (
      await customFieldsOf(tx, tenantId, entityType, [...new Set(wanted.map((a) => a.customAttributeID.toLowerCase()))])
    ).map((f) => [f.id, f]),
  );
  const answers: { fieldId: string; data: string }[] = [];
  const answered = new Set<string>();
  wanted.forEach((a, i) => {
    const id = a.customAttributeID.toLowerCase();
    const field = fields.get(id);
    if (!field) throw badRequest(`customAttributeData.${i}.customAttributeID`, `is not a ${kind} field of this church`);
    if (a.data === null) return;
    if (answered.has(id)) throw badRequest(`customAttributeData.${i}.customAttributeID`, 'is answered twice');
    answered.add(id);
    answers.push({ fieldId: id, data: validateCustomFieldValue(field, a.data, `customAttributeData.${i}.data`) });
  });
  return answers;
}
