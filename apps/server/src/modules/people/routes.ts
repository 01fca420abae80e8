import { z } from 'zod';
import {
  ZCreateMemberRequest,
  ZCreateMemberResponse,
  ZMemberSearchQuery,
  ZMembersBasicInfoPage,
  ZMemberSummary,
  ZPeopleClassification,
} from '@steward/contracts/people';
import { ZErrorEnvelope, ZId, ZMessage, ZPageQuery } from '@steward/contracts/common';
import { ZPersonInfo } from '@steward/contracts/offerings';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { ok } from '../../lib/envelope.ts';
import * as service from './service.ts';

/**
 * Members: the 'Create New Member' dialog and the donor search (spec 2.3); the member list and
 * the people classifications the existing client reads at start-up (existing-client-api §1.3).
 */
export function registerPeople({ app, db }: ModuleCtx): void {
  const tags = ['people'];
  app.get(
    '/api/People/GetPersonInfoWithAssignments/:personId',
    {
      schema: {
        tags,
        summary: "A person's name (the offering edit page loads its donor with it)",
        params: z.object({ personId: ZId }),
        response: { 200: ZPersonInfo, 400: ZErrorEnvelope, 404: ZErrorEnvelope },
      },
    },
    (req) => inTenant(db, req, (ctx) => service.personInfo(ctx, req.params.personId)),
  );
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
  app.get(
    '/api/People/GetmembersBasicInfo',
    {
      schema: {
        tags,
        summary: 'A page of 50 people by name, with the total',
        querystring: ZPageQuery,
        response: { 200: ZMembersBasicInfoPage, 400: ZErrorEnvelope, 401: ZMessage },
      },
    },
    (req) => inTenant(db, req, (ctx) => service.membersBasicInfo(ctx, req.query.page)),
  );
  app.get(
    '/api/Settings/GetTenantPeopleClassification',
    {
      schema: {
        tags,
        summary: "The church's membership classifications (none recorded yet)",
        response: { 200: z.array(ZPeopleClassification), 401: ZMessage },
      },
    },
    (req) => inTenant(db, req, service.peopleClassifications),
  );
}
