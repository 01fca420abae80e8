import { z } from 'zod';
import { ZEnvelope, ZPaged } from './common.ts';

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The 'Create New Member' dialog body: POST /api/People/CreateMember. `genderId` and
 * `maritalStatusId` are ids of GET /api/LookUp/GetAllLookUps ('Gender' 1-2, 'MaritalStatus'
 * 1-5); birthday and wedding day are a day (1-31) and month (1-12) with no year (how the
 * existing client sends them, existing-client-api §7(c)); a day must exist in its month
 * (29 February is allowed).
 */
export const ZCreateMemberRequest = z
  .object({
    firstName: z.string().trim().min(1, 'first name is required').max(80),
    lastName: z.string().trim().max(80).default(''),
    email: z.union([z.literal(''), z.email('must be an e-mail address')]).optional(),
    mobilePhone: z.string().trim().max(30).optional(),
    homeAddress: z.string().trim().max(300).optional(),
    genderId: z.number().int().min(1).max(2).optional(),
    maritalStatusId: z.number().int().min(1).max(5).optional(),
    dayOfBirth: z.number().int().min(1).max(31).optional(),
    monthOfBirth: z.number().int().min(1).max(12).optional(),
    dayOfWedding: z.number().int().min(1).max(31).optional(),
    monthOfWedding: z.number().int().min(1).max(12).optional(),
    yearOfWedding: z.number().int().min(1900).max(2200).optional(),
  })
  .superRefine((v, ctx) => {
    for (const [day, month] of [
      ['dayOfBirth', 'monthOfBirth'],
      ['dayOfWedding', 'monthOfWedding'],
    ] as const) {
      const d = v[day];
      const m = v[month];
      if ((d === undefined) !== (m === undefined)) {
        ctx.addIssue({ code: 'custom', path: [d === undefined ? day : month], message: 'give both day and month' });
      } else if (d !== undefined && m !== undefined && d > DAYS_IN_MONTH[m - 1]!) {
        ctx.addIssue({ code: 'custom', path: [day], message: 'is not a day of that month' });
      }
    }
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

/**
 * GET /api/People/GetmembersBasicInfo?page=N item (existing-client-api §1.3, stored verbatim by
 * the client): a person's contact and profile fields; absent values are '' (text) or null
 * (ids, days, months).
 */
export const ZMemberBasicInfo = z.object({
  id: z.uuid(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobilePhone: z.string(),
  homeAddress: z.string(),
  genderId: z.number().int().nullable(),
  maritalStatusId: z.number().int().nullable(),
  dayOfBirth: z.number().int().nullable(),
  monthOfBirth: z.number().int().nullable(),
  pictureUrl: z.string().nullable(),
});
export type TMemberBasicInfo = z.infer<typeof ZMemberBasicInfo>;

/** GET /api/People/GetmembersBasicInfo answer: a page of 50 people by name, and the total. */
export const ZMembersBasicInfoPage = ZPaged(ZMemberBasicInfo);
export type TMembersBasicInfoPage = z.infer<typeof ZMembersBasicInfoPage>;

/** GET /api/Settings/GetTenantPeopleClassification item (bare array, existing-client-api §1.3). */
export const ZPeopleClassification = z.object({ id: z.uuid(), name: z.string() });
export type TPeopleClassification = z.infer<typeof ZPeopleClassification>;
