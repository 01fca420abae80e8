import { z } from 'zod';
import { ZEnvelope } from './common.ts';

/** The 'Create New Member' dialog body: POST /api/People/CreateMember. */
export const ZCreateMemberRequest = z.object({
  firstName: z.string().trim().min(1, 'first name is required').max(80),
  lastName: z.string().trim().max(80).default(''),
  email: z.union([z.literal(''), z.email('must be an e-mail address')]).optional(),
  mobilePhone: z.string().trim().max(30).optional(),
  homeAddress: z.string().trim().max(300).optional(),
  genderId: z.number().int().min(1).max(2).optional(),
});
export type TCreateMemberRequest = z.input<typeof ZCreateMemberRequest>;

/** A member as the pickers show it (spec §3 "Member search result"). */
export const ZMemberSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  nameResult: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type TMemberSummary = z.infer<typeof ZMemberSummary>;

export const ZCreateMemberResponse = ZEnvelope(ZMemberSummary);

/** GET /api/Membership/GetSearchedUSers?searchText= (3+ characters). */
export const ZMemberSearchQuery = z.object({
  searchText: z.string().trim().min(3, 'Enter 3 or more characters').max(100),
});
