import { z } from 'zod';
import { ZId } from './common.ts';

/** A stage or level name: trimmed, 1-100 characters (400 naming `name` otherwise). */
export const ZStageName = z
  .string({ error: 'Enter a name' })
  .trim()
  .min(1, 'Enter a name')
  .max(100, 'Use at most 100 characters for the name');

const ZPosition = z.number({ error: 'must be a whole number' }).int().min(0).max(1_000_000);

/** The `{status, response, returnObject}` envelope around `t` (DESIGN.md §1.1). */
const envelope = <T extends z.ZodType>(t: T) =>
  z.object({ status: z.boolean(), response: z.string(), returnObject: t });

/** `/:id` of the edit and delete paths. */
export const ZLifeCycleIdParams = z.object({ id: ZId });

/** A guest life-cycle stage (spec 2.18; existing-client-api §6.2); `order` runs 1..n. */
export const ZStage = z.object({ id: z.string(), name: z.string(), isDefault: z.boolean(), order: z.number() });
export type TStage = z.output<typeof ZStage>;
export const ZStageEnvelope = envelope(ZStage);
export const ZStageListEnvelope = envelope(z.array(ZStage));

/** POST /firsttimercycle/create body; tenantID is ignored (the session decides). */
export const ZCreateStageRequest = z.object({
  name: ZStageName,
  isDefault: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  createAsAGroup: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  tenantID: z.string().max(64).nullish(),
});
export type TCreateStageRequest = z.output<typeof ZCreateStageRequest>;

/** PUT /firsttimercycle/:id/edit body: the item as received plus index, name, isDefault; other fields are ignored. */
export const ZEditStageRequest = z.looseObject({
  name: ZStageName,
  isDefault: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  index: z.number().int().nullish(),
});
export type TEditStageRequest = z.output<typeof ZEditStageRequest>;

/** PUT /firsttimercycle/orderstages body: every stage of the church once, `order` 1..n (normalised by the server). */
export const ZReorderStagesRequest = z
  .array(z.object({ id: ZId, order: ZPosition, name: z.string().max(200).nullish() }))
  .max(1000, 'Send at most 1000 stages');
export type TReorderStagesRequest = z.output<typeof ZReorderStagesRequest>;

/** A branch level (spec 2.19; existing-client-api §6.3); `level` runs 0..n-1. */
export const ZBranchLevel = z.object({ id: z.string(), name: z.string(), level: z.number() });
export type TBranchLevel = z.output<typeof ZBranchLevel>;
export const ZBranchLevelEnvelope = envelope(ZBranchLevel);
export const ZBranchLevelListEnvelope = envelope(z.array(ZBranchLevel));

/** POST /branching/newhierarchy body; the server always stores the new level at max+1 (0 if none). */
export const ZCreateBranchLevelRequest = z.object({ name: ZStageName, level: ZPosition.nullish() });
export type TCreateBranchLevelRequest = z.output<typeof ZCreateBranchLevelRequest>;

/** PUT /branching/:id/edit body: the item plus name; `level` is ignored (levels change through reorder only). */
export const ZEditBranchLevelRequest = z.looseObject({ name: ZStageName, level: ZPosition.nullish() });
export type TEditBranchLevelRequest = z.output<typeof ZEditBranchLevelRequest>;

/** PUT /branching/reorderlevels body: every level of the church once, `level` 0..n-1 (normalised by the server). */
export const ZReorderBranchLevelsRequest = z
  .array(z.object({ id: ZId, level: ZPosition, name: z.string().max(200).nullish() }))
  .max(1000, 'Send at most 1000 levels');
export type TReorderBranchLevelsRequest = z.output<typeof ZReorderBranchLevelsRequest>;

/** DELETE answer: the envelope with the deleted id. */
export const ZDeletedEnvelope = envelope(z.object({ id: z.string() }));
