import { z } from 'zod';
import {
  ZCreateMemberRequest,
  ZCreateMemberResponse,
  ZMemberSearchQuery,
  ZMemberSummary,
} from '@steward/contracts/people';
import { ZErrorEnvelope } from '@steward/contracts/common';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { ok } from '../../lib/envelope.ts';
import * as service from './service.ts';

/** Members: the 'Create New Member' dialog and the donor search (spec 2.3). */
export function registerPeople({ app, db }: ModuleCtx): void {
  const tags = ['people'];
  app.post(
    '/api/People/CreateMember',
    {
      schema: {
        tags,
        summary: 'Creates a member (the Create New Member dialog)',
        body: ZCreateMemberRequest,
        response: { 200: ZCreateMemberResponse, 400: ZErrorEnvelope },
      },
    },
    async (req) =>
      ok(await inTenant(db, req, (ctx) => service.createMember(ctx, req.body)), 'Member created successfully'),
  );
  app.get(
    '/api/Membership/GetSearchedUSers',
    {
      schema: {
        tags,
        summary: 'Members whose name, phone or e-mail contains searchText (3+ characters)',
        querystring: ZMemberSearchQuery,
        response: { 200: z.array(ZMemberSummary), 400: ZErrorEnvelope },
      },
    },
    (req) => inTenant(db, req, (ctx) => service.searchMembers(ctx, req.query.searchText)),
  );
}
