import {
  ZDeleteGroupAnswer,
  ZGroupDetail,
  ZGroupNode,
  ZGroupTreeAnswer,
  type TCreateGroupRequest,
  type TGroupNode,
  type TUpdateGroupRequest,
} from '@steward/contracts/groups';
import { ZEnvelope } from '@steward/contracts/common';
import { request } from './http.ts';

/*
 * The group tree (spec 2.21; existing-client-api §6.5) and the groups page's edits.
 */

/** GET /api/GetAllGroupBasicInformation: the top-level groups, each with its sub-tree (by name). */
export async function getGroupTree(): Promise<TGroupNode[]> {
  const answer = await request('/api/GetAllGroupBasicInformation', ZGroupTreeAnswer);
  return answer.response.groupResonseDTO;
}

/** POST /api/CreateGroup `{name, description, parentId?}`: the bare new group (no children). */
export function createGroup(body: TCreateGroupRequest) {
  return request('/api/CreateGroup', ZGroupNode, { method: 'POST', body });
}

/** GET /api/Groups/{id}: one group with its parent and counts. */
export function getGroup(id: string) {
  return request(`/api/Groups/${encodeURIComponent(id)}`, ZGroupDetail);
}

/** PUT /api/Groups/{id} `{name, description}`: rename / describe. */
export function updateGroup(id: string, body: TUpdateGroupRequest) {
  return request(`/api/Groups/${encodeURIComponent(id)}`, ZEnvelope(ZGroupDetail), { method: 'PUT', body });
}

/** PUT /api/Groups/{id}/move `{parentId}` (null = top level); 400 for a move under itself or a descendant. */
export function moveGroup(id: string, parentId: string | null) {
  return request(`/api/Groups/${encodeURIComponent(id)}/move`, ZEnvelope(ZGroupDetail), {
    method: 'PUT',
    body: { parentId },
  });
}

/**
 * DELETE /api/Groups/{id}(?force=true): 409 with `returnObject.{childrenCount, membersCount}` when
 * the group has sub-groups, or members and no force.
 */
export function deleteGroup(id: string, force = false) {
  return request(`/api/Groups/${encodeURIComponent(id)}`, ZDeleteGroupAnswer, {
    method: 'DELETE',
    query: force ? { force: 'true' } : undefined,
  });
}
