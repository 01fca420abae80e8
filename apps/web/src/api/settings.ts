import {
  ZCustomField,
  ZDeleteCustomFieldResponse,
  type TReorderCustomFieldsRequest,
} from '@steward/contracts/custom-fields';
import {
  ZBranchLevelEnvelope,
  ZBranchLevelListEnvelope,
  ZDeletedEnvelope,
  ZStageEnvelope,
  ZStageListEnvelope,
  type TBranchLevel,
  type TStage,
} from '@steward/contracts/life-cycle';
import { z } from 'zod';
import { request } from './http.ts';

/*
 * Settings calls on the existing client's paths (existing-client-api §6.2-6.4; spec §7
 * 'Guest life-cycle stages', 'Branch levels', 'Custom fields'), misspellings included.
 */

/** GET /firstimercycle (one 't'): the church's guest life-cycle stages, by `order` 1..n. */
export async function getStages(): Promise<TStage[]> {
  const answer = await request('/firstimercycle', ZStageListEnvelope);
  return answer.returnObject;
}

/** POST /firsttimercycle/create `{name, isDefault}`: the new stage (last in order). */
export async function createStage(body: { name: string; isDefault: boolean }): Promise<TStage> {
  const answer = await request('/firsttimercycle/create', ZStageEnvelope, { method: 'POST', body });
  return answer.returnObject;
}

/** PUT /firsttimercycle/{id}/edit `{...stage, name, isDefault}`: the renamed stage. */
export async function editStage(stage: TStage, index: number): Promise<TStage> {
  const answer = await request(`/firsttimercycle/${encodeURIComponent(stage.id)}/edit`, ZStageEnvelope, {
    method: 'PUT',
    body: { ...stage, index },
  });
  return answer.returnObject;
}

/** DELETE /firsttimercycle/{id}/delete: the stages after it move up one. */
export function deleteStage(id: string) {
  return request(`/firsttimercycle/${encodeURIComponent(id)}/delete`, ZDeletedEnvelope, { method: 'DELETE' });
}

/** PUT /firsttimercycle/orderstages `[{id, order: 1..n, name}]`: the list in its new order. */
export async function reorderStages(stages: TStage[]): Promise<TStage[]> {
  const body = stages.map((s, i) => ({ id: s.id, order: i + 1, name: s.name }));
  const answer = await request('/firsttimercycle/orderstages', ZStageListEnvelope, { method: 'PUT', body });
  return answer.returnObject;
}

/** GET /branching/hierarchies: the church's branch levels, by `level` 0..n-1. */
export async function getBranchLevels(): Promise<TBranchLevel[]> {
  const answer = await request('/branching/hierarchies', ZBranchLevelListEnvelope);
  return answer.returnObject;
}

/** POST /branching/newhierarchy `{name, level}`: the new level at max + 1 (0 if none). */
export async function createBranchLevel(body: { name: string; level: number }): Promise<TBranchLevel> {
  const answer = await request('/branching/newhierarchy', ZBranchLevelEnvelope, { method: 'POST', body });
  return answer.returnObject;
}

/** PUT /branching/{id}/edit `{...level, id, name, level}`: the renamed level. */
export async function editBranchLevel(level: TBranchLevel): Promise<TBranchLevel> {
  const answer = await request(`/branching/${encodeURIComponent(level.id)}/edit`, ZBranchLevelEnvelope, {
    method: 'PUT',
    body: level,
  });
  return answer.returnObject;
}

/** DELETE /branching/{id}/delete: the levels below it move up one. */
export function deleteBranchLevel(id: string) {
  return request(`/branching/${encodeURIComponent(id)}/delete`, ZDeletedEnvelope, { method: 'DELETE' });
}

/** PUT /branching/reorderlevels `[{id, level: 0..n-1, name}]`: the list in its new order. */
export async function reorderBranchLevels(levels: TBranchLevel[]): Promise<TBranchLevel[]> {
  const body = levels.map((l, i) => ({ id: l.id, level: i, name: l.name }));
  const answer = await request('/branching/reorderlevels', ZBranchLevelListEnvelope, { method: 'PUT', body });
  return answer.returnObject;
}

/** GET /api/CustomFields/GetAllCustomFields: every custom field of the church, by `order`. */
export function getCustomFields() {
  return request('/api/CustomFields/GetAllCustomFields', z.array(ZCustomField));
}

/** The body of a custom field save: names of the codes (as the existing client sends on create) or ids. */
export interface CustomFieldInput {
  label: string;
  /** control type id (contracts CONTROL_TYPES) */
  controlType: number;
  /** entity type id (contracts ENTITY_TYPES) */
  entityType: number;
  /** options of a dropdown / multi-select, comma-joined; '' for other types */
  parameterValues: string;
}

/** POST /api/CustomFields/SaveCustomFields: the created field (last in order). */
export function createCustomField(body: CustomFieldInput) {
  return request('/api/CustomFields/SaveCustomFields', ZCustomField, { method: 'POST', body });
}

/** PUT /api/CustomFields/EditCustomFields `{id, ...}`: the saved field. */
export function editCustomField(id: string, body: CustomFieldInput) {
  return request('/api/CustomFields/EditCustomFields', ZCustomField, { method: 'PUT', body: { id, ...body } });
}

/** DELETE /api/CustomFields/EditCustomFields?customAttributeID=: 400 when the field holds answers. */
export function deleteCustomField(id: string) {
  return request('/api/CustomFields/EditCustomFields', ZDeleteCustomFieldResponse, {
    method: 'DELETE',
    query: { customAttributeID: id },
  });
}

/** POST /api/CustomFields/ReorderCustomFields: the full list with `order` = position; answers the list. */
export function reorderCustomFields(ids: string[]) {
  const body: TReorderCustomFieldsRequest = ids.map((id, order) => ({ id, order }));
  return request('/api/CustomFields/ReorderCustomFields', z.array(ZCustomField), { method: 'POST', body });
}
