import {
  ZCreateMemberResponse,
  ZMembersBasicInfoPage,
  ZMemberSummary,
  ZPeopleClassification,
  type TCreateMemberRequest,
} from '@steward/contracts/people';
import { z } from 'zod';
import { request } from './http.ts';

/** GET /api/Membership/GetSearchedUSers?searchText= (3 or more characters). */
export function searchMembers(searchText: string, signal?: AbortSignal) {
  return request('/api/Membership/GetSearchedUSers', z.array(ZMemberSummary), {
    query: { searchText },
    ...(signal ? { signal } : {}),
  });
}

/** POST /api/People/CreateMember: answers the envelope with the new member. */
export function createMember(body: TCreateMemberRequest) {
  return request('/api/People/CreateMember', ZCreateMemberResponse, { method: 'POST', body });
}

/** GET /api/People/GetmembersBasicInfo?page=N: 50 people per page by name, with the total. */
export function getMembersBasicInfo(page: number) {
  return request('/api/People/GetmembersBasicInfo', ZMembersBasicInfoPage, { query: { page } });
}

/** GET /api/Settings/GetTenantPeopleClassification: the church's membership classifications. */
export function getPeopleClassifications() {
  return request('/api/Settings/GetTenantPeopleClassification', z.array(ZPeopleClassification));
}
