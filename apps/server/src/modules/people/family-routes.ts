import { z } from 'zod';
import {
  FAMILY_MESSAGES,
  ZAddFamilyMemberRequest,
  ZAspNetErrorEnvelope,
  ZCreateFamilyRequest,
  ZCreatePublicPersonRequest,
  ZEditFamilyMemberRequest,
  ZEditFamilyProfileRequest,
  ZFamilyDeletedEnvelope,
  ZFamilyDetail,
  ZFamilyEnvelope,
  ZFamilyListItem,
  ZFamilyMemberAnswer,
  ZFamilyQuery,
  ZIdQuery,
  ZPublicAddFamilyMemberRequest,
  ZPublicCreateFamilyRequest,
  ZPublicFamily,
  ZPublicFamilyEnvelope,
  ZPublicFamilyMemberEnvelope,
  ZPublicFamilyQuery,
  ZPublicPersonEnvelope,
  type TFamilyMember,
} from '@steward/contracts/families';
import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { ok } from '../../lib/envelope.ts';
import { withFamilyScope } from '../attendance/family-portal-auth.ts';
import { toAspNet400 } from './family-errors.ts';
import * as families from './family-service.ts';
import * as publicFamilies from './family-public-service.ts';

/** The member answer: the envelope, with the member's fields also at the top level (§4.4 reads `person.id`, `id`). */
const memberAnswer = (member: TFamilyMember, message: string) => ({ ...ok(member, message), ...member });

/**
 * Families (existing-client-api §5.2 admin pages, §4.4 the check-in shell's family calls; issue
 * 11/12): list, read, create, edit, delete, and the members. Admin calls need the church session;
 * with the X-Family-Token header (Steward's check-in shell) they act on the signed-in parent's
 * family only. The public calls of event registration (§5.1) live at the root with no session,
 * limited per client address.
 */
export function registerFamilies({ app, db }: ModuleCtx): void {
  const tags = ['families'];
  const e400 = { 400: ZErrorEnvelope, 401: ZMessage };
  const e404 = { ...e400, 404: ZErrorEnvelope };

  app.get(
    '/api/family/allfamilies',
    {
      schema: {
        tags,
        summary: "The church's families by name (bare list)",
        response: { 200: z.array(ZFamilyListItem), 401: ZMessage },
      },
    },
    (req) => inTenant(db, req, families.listFamilies),
  );

  app.get(
    '/api/Family/family',
    {
      schema: {
        tags,
        summary:
          'A family (?Id=), or the family a person belongs to (?personId=); with X-Family-Token and neither, the parent’s own',
        querystring: ZFamilyQuery,
        response: { 200: ZFamilyDetail, ...e404 },
      },
    },
    (req) => withFamilyScope(db, req, (ctx, scope) => families.getFamily(ctx, req.query, scope)),
  );

  app.post(
    '/api/family/createFamily',
    {
      schema: {
        tags,
        summary:
          'Creates a family with its father, mother and members (people in no other family); a 400 is in the ASP.NET shape',
        body: ZCreateFamilyRequest,
        response: {
          200: ZFamilyEnvelope,
          400: z.union([ZAspNetErrorEnvelope, ZErrorEnvelope]),
          401: ZMessage,
          404: ZErrorEnvelope,
        },
      },
      // existing-client-api §5.2: the admin page shows err.response.data.errors.FamilyName[0]
      onSend: toAspNet400,
    },
    async (req) =>
      ok(await inTenant(db, req, (ctx) => families.createFamily(ctx, req.body)), FAMILY_MESSAGES.familyCreated),
  );

  app.put(
    '/api/family/editProfile',
    {
      schema: {
        tags,
        summary: "Edits a family's name, contacts, address and parents (absent fields are left)",
        body: ZEditFamilyProfileRequest,
        response: { 200: ZFamilyEnvelope, ...e404 },
      },
    },
    async (req) =>
      ok(
        await withFamilyScope(db, req, (ctx, scope) => families.editProfile(ctx, req.body, scope)),
        FAMILY_MESSAGES.familyUpdated,
      ),
  );

  app.delete(
    '/api/Family/deleteFamily',
    {
      schema: {
        tags,
        summary: 'Deletes a family (its people stay in the church)',
        querystring: ZIdQuery,
        response: { 200: ZFamilyDeletedEnvelope, ...e404 },
      },
    },
    async (req) =>
      ok(await inTenant(db, req, (ctx) => families.deleteFamily(ctx, req.query.id)), FAMILY_MESSAGES.familyDeleted),
  );

  app.post(
    '/api/Family/addFamilyMember',
    {
      schema: {
        tags,
        summary: 'Adds an existing person (personId) or a new one (person) to a family with a role',
        body: ZAddFamilyMemberRequest,
        response: { 200: ZFamilyMemberAnswer, ...e404 },
      },
    },
    async (req) =>
      memberAnswer(
        await withFamilyScope(db, req, (ctx, scope) => families.addMember(ctx, req.body, scope)),
        FAMILY_MESSAGES.memberAdded,
      ),
  );

  app.put(
    '/api/Family/editFamilyMember',
    {
      schema: {
        tags,
        summary: "Edits a family member's role and person (also /api/family/editfamilymember)",
        body: ZEditFamilyMemberRequest,
        response: { 200: ZFamilyMemberAnswer, ...e404 },
      },
    },
    async (req) =>
      memberAnswer(
        await withFamilyScope(db, req, (ctx, scope) => families.editMember(ctx, req.body, scope)),
        FAMILY_MESSAGES.memberUpdated,
      ),
  );

  app.delete(
    '/api/Family/removeAFamilyMember',
    {
      schema: {
        tags,
        summary: 'Takes a member out of its family (the person stays in the church)',
        querystring: ZIdQuery,
        response: { 200: ZFamilyDeletedEnvelope, ...e404 },
      },
    },
    async (req) =>
      ok(
        await withFamilyScope(db, req, (ctx, scope) => families.removeMember(ctx, req.query.id, scope)),
        FAMILY_MESSAGES.memberRemoved,
      ),
  );

  registerPublicFamilies({ app, db });
}

/** The public family calls of event registration (§5.1): root paths, no session, PUBLIC_RATE_* per address. */
function registerPublicFamilies({ app, db }: Pick<ModuleCtx, 'app' | 'db'>): void {
  const tags = ['families: public'];
  const errors = { 400: ZErrorEnvelope, 404: ZErrorEnvelope, 429: ZMessage };

  app.get(
    '/family',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "A person's family on the registration page: masked first names and roles (id null when none; root path; never cached)",
        querystring: ZPublicFamilyQuery,
        response: { 200: ZPublicFamily, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return publicFamilies.publicFamily(db, req.query);
    },
  );

  app.post(
    '/createPublicPerson',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Adds a visitor or ward to the church from the registration page (root path)',
        body: ZCreatePublicPersonRequest,
        response: { 200: ZPublicPersonEnvelope, ...errors },
      },
    },
    async (req) => ok(await publicFamilies.createPublicPerson(db, req.body), FAMILY_MESSAGES.personCreated),
  );

  app.post(
    '/createFamily',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Creates the registering person's family with the wards just added on the page (root path)",
        body: ZPublicCreateFamilyRequest,
        response: { 200: ZPublicFamilyEnvelope, ...errors },
      },
    },
    async (req) => ok(await publicFamilies.publicCreateFamily(db, req.body), FAMILY_MESSAGES.familyCreated),
  );

  app.post(
    '/addFamilyMember',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Adds a ward just added on the registration page to the family (root path)',
        body: ZPublicAddFamilyMemberRequest,
        response: { 200: ZPublicFamilyMemberEnvelope, ...errors },
      },
    },
    async (req) => ok(await publicFamilies.publicAddMember(db, req.body), FAMILY_MESSAGES.memberAdded),
  );
}
