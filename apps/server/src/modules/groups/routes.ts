import {
  ZCreateGroupRequest,
  ZDeleteGroupAnswer,
  ZDeleteGroupQuery,
  ZDeleteGroupRefusal,
  ZGroupDetail,
  ZGroupNode,
  ZGroupParams,
  ZGroupTreeAnswer,
  ZMoveGroupRequest,
  ZUpdateGroupRequest,
} from '@steward/contracts/groups';
import { ZEnvelope, ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { ok } from '../../lib/envelope.ts';
import * as service from './service.ts';

/**
 * The group tree (spec 2.21; existing-client-api §6.5; issue 8): the existing client's tree and
 * create calls, and the groups page's own calls under /api/Groups/{id}.
 */
export function registerGroups({ app, db }: ModuleCtx): void {
  const tags = ['groups'];
  const err = { 400: ZErrorEnvelope, 401: ZMessage, 404: ZErrorEnvelope };
  app.get(
    '/api/GetAllGroupBasicInformation',
    {
      schema: {
        tags,
        summary:
          'The group tree: {response: {groupResonseDTO: [{id, name, description, peopleInGroupsCount, children}]}}',
        response: { 200: ZGroupTreeAnswer, 401: ZMessage },
      },
    },
    async (req) => ({ status: true, response: { groupResonseDTO: await inTenant(db, req, service.groupTree) } }),
  );
  app.post(
    '/api/CreateGroup',
    {
      schema: {
        tags,
        summary: 'Creates a group (top level or under parentId); answers the bare new tree node',
        body: ZCreateGroupRequest,
        response: { 200: ZGroupNode, ...err },
      },
    },
    (req) => inTenant(db, req, (ctx) => service.createGroup(ctx, req.body)),
  );
  app.get(
    '/api/Groups/:id',
    {
      schema: {
        tags,
        summary: 'One group with its parent id and counts',
        params: ZGroupParams,
        response: { 200: ZGroupDetail, ...err },
      },
    },
    (req) => inTenant(db, req, (ctx) => service.requireGroup(ctx, req.params.id)),
  );
  app.put(
    '/api/Groups/:id',
    {
      schema: {
        tags,
        summary: 'Renames a group and replaces its description',
        params: ZGroupParams,
        body: ZUpdateGroupRequest,
        response: { 200: ZEnvelope(ZGroupDetail), ...err },
      },
    },
    async (req) =>
      ok(
        await inTenant(db, req, (ctx) => service.updateGroup(ctx, req.params.id, req.body)),
        'Group updated successfully',
      ),
  );
  app.put(
    '/api/Groups/:id/move',
    {
      schema: {
        tags,
        summary: 'Moves a group (with its sub-groups) under another group, or to the top level (parentId null)',
        params: ZGroupParams,
        body: ZMoveGroupRequest,
        response: { 200: ZEnvelope(ZGroupDetail), ...err },
      },
    },
    async (req) =>
      ok(
        await inTenant(db, req, (ctx) => service.moveGroup(ctx, req.params.id, req.body.parentId)),
        'Group moved successfully',
      ),
  );
  app.delete(
    '/api/Groups/:id',
    {
      schema: {
        tags,
        summary:
          'Deletes an empty group; with ?force=true a group with members or sub-groups goes with its whole sub-tree and their memberships (people stay), in one transaction',
        params: ZGroupParams,
        querystring: ZDeleteGroupQuery,
        response: { 200: ZDeleteGroupAnswer, ...err, 409: ZDeleteGroupRefusal },
      },
    },
    async (req) =>
      ok(
        await inTenant(db, req, (ctx) => service.deleteGroup(ctx, req.params.id, req.query.force)),
        'Group deleted successfully',
      ),
  );
}
