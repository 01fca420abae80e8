import { z } from 'zod';
import { ZEnvelope, ZId, ZOptionalId } from './common.ts';

// Control characters (NUL included) are refused here so the answer names the field rather than
// the database's 'invalid byte sequence'.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A group's name (spec 2.21 'Create group' dialog): trimmed, 1-100 characters, one line. */
export const ZGroupName = z
  .string({ error: 'Enter a name for the group' })
  .trim()
  .min(1, 'Enter a name for the group')
  .max(100, 'Use at most 100 characters for the group name')
  .refine((v) => !CONTROL.test(v), 'must be one line of text');

/** A group's description: trimmed, at most 500 characters; '' and null mean none (null). */
export const ZGroupDescription = z
  .union([
    z.null(),
    z
      .string()
      .trim()
      .max(500, 'Use at most 500 characters for the description')
      // eslint-disable-next-line no-control-regex
      .refine((v) => !/\u0000/.test(v), 'must be text'),
  ])
  .optional()
  .transform((v) => (v ? v : null));

/**
 * A node of the group tree (existing-client-api §6.5; spec §3 'Group'): `peopleInGroupsCount`
 * is the number of people directly in this group (not in its sub-groups); `children` are the
 * sub-groups, sorted by name, with the same shape.
 */
export interface TGroupNode {
  id: string;
  name: string;
  description: string | null;
  peopleInGroupsCount: number;
  children: TGroupNode[];
}
// Registered with an id: a recursive schema is emitted as the OpenAPI component 'GroupNode'
// (fastify-type-provider-zod refuses an unnamed self-reference).
export const ZGroupNode: z.ZodType<TGroupNode> = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    peopleInGroupsCount: z.number().int(),
    get children(): z.ZodArray<z.ZodType<TGroupNode>> {
      return z.array(ZGroupNode);
    },
  })
  .meta({ id: 'GroupNode' });

/**
 * GET /api/GetAllGroupBasicInformation answer (existing-client-api §6.5, §7a
 * `{response:{groupResonseDTO}}`): the top-level groups, each with its sub-tree. The client reads
 * `res.data.response.groupResonseDTO` (its misspelling kept).
 */
export const ZGroupTreeAnswer = z.object({
  status: z.boolean(),
  response: z.object({ groupResonseDTO: z.array(ZGroupNode) }),
});
export type TGroupTreeAnswer = z.infer<typeof ZGroupTreeAnswer>;

/** POST /api/CreateGroup body (existing-client-api §6.5): parentId absent/null/'' = top level. */
export const ZCreateGroupRequest = z.object({
  name: ZGroupName,
  description: ZGroupDescription,
  parentId: ZOptionalId.optional().transform((v) => v ?? null),
});
export type TCreateGroupRequest = z.input<typeof ZCreateGroupRequest>;

/** PUT /api/Groups/{id} body: rename and/or edit the description (both are replaced). */
export const ZUpdateGroupRequest = z.object({ name: ZGroupName, description: ZGroupDescription });
export type TUpdateGroupRequest = z.input<typeof ZUpdateGroupRequest>;

/**
 * PUT /api/Groups/{id}/move body: the new parent, or null (or '' / the all-zero id) for the top
 * level. The key is required, so an empty body does not move a group to the top by accident.
 */
export const ZMoveGroupRequest = z.object({ parentId: ZOptionalId });
export type TMoveGroupRequest = z.input<typeof ZMoveGroupRequest>;

/** The `{id}` of /api/Groups/{id} routes. */
export const ZGroupParams = z.object({ id: ZId });

/** DELETE /api/Groups/{id}?force=true: also remove the group's memberships (never its sub-groups). */
export const ZDeleteGroupQuery = z.object({
  force: z
    .enum(['true', 'false'], { error: "must be 'true' or 'false'" })
    .optional()
    .transform((v) => v === 'true'),
});

/**
 * One group as GET /api/Groups/{id} and the edits answer it: its parent (null at the top level),
 * the people directly in it, its direct sub-groups and all its descendants.
 */
export const ZGroupDetail = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  parentId: z.uuid().nullable(),
  peopleInGroupsCount: z.number().int(),
  childrenCount: z.number().int(),
  descendantsCount: z.number().int(),
});
export type TGroupDetail = z.infer<typeof ZGroupDetail>;

/** DELETE /api/Groups/{id} answer: the envelope with the deleted id and the memberships removed with it. */
/** DELETE /api/Groups/{id} answer: the group, how many groups went (it and its sub-tree), memberships removed. */
export const ZDeleteGroupAnswer = ZEnvelope(
  z.object({ id: z.uuid(), groupsDeleted: z.number().int(), membershipsRemoved: z.number().int() }),
);
export type TDeleteGroupAnswer = z.infer<typeof ZDeleteGroupAnswer>;

/**
 * DELETE /api/Groups/{id} refusal (409): the group still has sub-groups, or members and no
 * `force=true`; `returnObject` says how many of each. (A 409 the database raises for a race has
 * `returnObject: {canDeactivate}` instead, hence the optional fields.)
 */
export const ZDeleteGroupRefusal = z.object({
  status: z.literal(false),
  response: z.string(),
  returnObject: z.object({
    childrenCount: z.number().int().optional(),
    membersCount: z.number().int().optional(),
    canDeactivate: z.boolean().optional(),
  }),
});
