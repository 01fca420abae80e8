import {
  ZBranchLevelEnvelope,
  ZBranchLevelListEnvelope,
  ZCreateBranchLevelRequest,
  ZCreateStageRequest,
  ZDeletedEnvelope,
  ZEditBranchLevelRequest,
  ZEditStageRequest,
  ZLifeCycleIdParams,
  ZReorderBranchLevelsRequest,
  ZReorderStagesRequest,
  ZStageEnvelope,
  ZStageListEnvelope,
} from '@steward/contracts/life-cycle';
import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { ok } from '../../lib/envelope.ts';
import * as service from './life-cycle-service.ts';

/** Guest life-cycle stages (spec 2.18) and branch levels (2.19): routes of existing-client-api §6.2-6.3 (issue 8). */
export function registerLifeCycle({ app, db }: ModuleCtx): void {
  const stageTags = ['guest life-cycle'];
  const levelTags = ['branch levels'];
  const e400 = { 400: ZErrorEnvelope, 401: ZMessage };
  const e404 = { ...e400, 404: ZErrorEnvelope };

  app.get(
    '/firstimercycle',
    {
      schema: {
        tags: stageTags,
        summary: "The church's guest life-cycle stages by order (1..n)",
        response: { 200: ZStageListEnvelope, 401: ZMessage },
      },
    },
    async (req) => ok(await inTenant(db, req, (ctx) => service.listStages(ctx))),
  );
  app.post(
    '/firsttimercycle/create',
    {
      schema: {
        tags: stageTags,
        summary:
          'Appends a stage (order max+1); isDefault makes it the only default; createAsAGroup also creates a group',
        body: ZCreateStageRequest,
        response: { 200: ZStageEnvelope, ...e400 },
      },
    },
    async (req) => ok(await inTenant(db, req, (ctx) => service.createStage(ctx, req.body)), 'Stage created'),
  );
  app.put(
    '/firsttimercycle/orderstages',
    {
      schema: {
        tags: stageTags,
        summary: 'Orders the stages by the order sent (every stage once); stored as 1..n; answers the list',
        body: ZReorderStagesRequest,
        response: { 200: ZStageListEnvelope, ...e404 },
      },
    },
    async (req) => ok(await inTenant(db, req, (ctx) => service.reorderStages(ctx, req.body)), 'Stages reordered'),
  );
  app.put(
    '/firsttimercycle/:id/edit',
    {
      schema: {
        tags: stageTags,
        summary: 'Renames a stage and sets its default flag (true unsets the others); other fields are ignored',
        params: ZLifeCycleIdParams,
        body: ZEditStageRequest,
        response: { 200: ZStageEnvelope, ...e404 },
      },
    },
    async (req) =>
      ok(await inTenant(db, req, (ctx) => service.editStage(ctx, req.params.id, req.body)), 'Stage updated'),
  );
  app.delete(
    '/firsttimercycle/:id/delete',
    {
      schema: {
        tags: stageTags,
        summary: 'Deletes a stage; the others are renumbered 1..n',
        params: ZLifeCycleIdParams,
        response: { 200: ZDeletedEnvelope, ...e404 },
      },
    },
    async (req) => ok(await inTenant(db, req, (ctx) => service.deleteStage(ctx, req.params.id)), 'Stage deleted'),
  );

  app.get(
    '/branching/hierarchies',
    {
      schema: {
        tags: levelTags,
        summary: "The church's branch levels by level (0..n-1)",
        response: { 200: ZBranchLevelListEnvelope, 401: ZMessage },
      },
    },
    async (req) => ok(await inTenant(db, req, (ctx) => service.listLevels(ctx))),
  );
  app.post(
    '/branching/newhierarchy',
    {
      schema: {
        tags: levelTags,
        summary: 'Adds a branch level; the server always places it at max+1 (0 for the first), whatever level is sent',
        body: ZCreateBranchLevelRequest,
        response: { 200: ZBranchLevelEnvelope, ...e400 },
      },
    },
    async (req) => ok(await inTenant(db, req, (ctx) => service.createLevel(ctx, req.body)), 'Branch level created'),
  );
  app.put(
    '/branching/reorderlevels',
    {
      schema: {
        tags: levelTags,
        summary: 'Orders the levels by the level sent (every level once); stored as 0..n-1; answers the list',
        body: ZReorderBranchLevelsRequest,
        response: { 200: ZBranchLevelListEnvelope, ...e404 },
      },
    },
    async (req) =>
      ok(await inTenant(db, req, (ctx) => service.reorderLevels(ctx, req.body)), 'Branch levels reordered'),
  );
  app.put(
    '/branching/:id/edit',
    {
      schema: {
        tags: levelTags,
        summary: 'Renames a branch level (its level changes only through reorder); other fields are ignored',
        params: ZLifeCycleIdParams,
        body: ZEditBranchLevelRequest,
        response: { 200: ZBranchLevelEnvelope, ...e404 },
      },
    },
    async (req) =>
      ok(await inTenant(db, req, (ctx) => service.editLevel(ctx, req.params.id, req.body)), 'Branch level updated'),
  );
  app.delete(
    '/branching/:id/delete',
    {
      schema: {
        tags: levelTags,
        summary: 'Deletes a branch level; the others are renumbered 0..n-1',
        params: ZLifeCycleIdParams,
        response: { 200: ZDeletedEnvelope, ...e404 },
      },
    },
    async (req) =>
      ok(await inTenant(db, req, (ctx) => service.deleteLevel(ctx, req.params.id)), 'Branch level deleted'),
  );
}
