import type { TFamilyRole, THowYouHeard, TLookUpGroup } from '@steward/contracts/lookups';

/**
 * The people lookups of GET /api/LookUp/GetAllLookUps (existing-client-api §1.3, §7(b)8).
 * Reference data shared by every church, so constants here rather than rows: the ids are what
 * people rows store (`people.gender_id`, `people.marital_status_id`) and must never be
 * renumbered; add new values at the end. The spec names the types but not their values; these
 * are the usual ones of a church membership form.
 */
export const LOOKUP_GROUPS: readonly TLookUpGroup[] = [
  {
    type: 'Gender',
    lookUps: [
      { id: 1, value: 'Male' },
      { id: 2, value: 'Female' },
    ],
  },
  {
    type: 'MaritalStatus',
    lookUps: [
      { id: 1, value: 'Single' },
      { id: 2, value: 'Married' },
      { id: 3, value: 'Separated' },
      { id: 4, value: 'Divorced' },
      { id: 5, value: 'Widowed' },
    ],
  },
  {
    // what came of a follow-up of a guest or member
    type: 'Outcome',
    lookUps: [
      { id: 1, value: 'Reached' },
      { id: 2, value: 'Not reachable' },
      { id: 3, value: 'Call back later' },
      { id: 4, value: 'Wants to join' },
      { id: 5, value: 'Not interested' },
    ],
  },
  {
    // how a follow-up was done
    type: 'ActivityType',
    lookUps: [
      { id: 1, value: 'Phone call' },
      { id: 2, value: 'SMS' },
      { id: 3, value: 'E-mail' },
      { id: 4, value: 'Visit' },
      { id: 5, value: 'WhatsApp' },
      { id: 6, value: 'Meeting' },
    ],
  },
];

/** GET /api/membership/howyouheardaboutus: how a guest heard of the church (ids are stable). */
export const HOW_YOU_HEARD: readonly THowYouHeard[] = [
  { id: 1, name: 'Invited by a friend or family member' },
  { id: 2, name: 'Social media' },
  { id: 3, name: 'Church website' },
  { id: 4, name: 'Flyer or poster' },
  { id: 5, name: 'Radio or TV' },
  { id: 6, name: 'Passing by' },
  { id: 7, name: 'Other' },
];

/**
 * GET /getfamilyroles: a person's role in a family (existing-client-api §4.3-4.5, §5.1). Ids are
 * stable: the existing client looks up 'Father' and 'Mother' by name and sends 6 (Guardian)
 * from its guardian page, so those three keep these ids.
 */
export const FAMILY_ROLES: readonly TFamilyRole[] = [
  { id: 1, name: 'Father' },
  { id: 2, name: 'Mother' },
  { id: 3, name: 'Son' },
  { id: 4, name: 'Daughter' },
  { id: 5, name: 'Ward' },
  { id: 6, name: 'Guardian' },
  { id: 7, name: 'Other relative' },
];
