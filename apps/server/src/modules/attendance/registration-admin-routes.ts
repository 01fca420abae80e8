import {
  ZRegistrationExportQuery,
  ZRegistrationSetupList,
  ZRegistrationSetupsQuery,
} from '@steward/contracts/event-registration-admin';
import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { originOf } from '../giving/http.ts';
import * as service from './registration-admin-service.ts';

/** Refusals: 400 naming the field, 401 without a session, 404 for a missing or foreign set-up. */
const errors = { 400: ZErrorEnvelope, 401: ZMessage, 404: ZErrorEnvelope };

/**
 * The church's side of event registration (issue 12 'Admin'; Steward's own calls, church session):
 * the list of set-ups that take registration (`/tenant/eventregistration`) and the xlsx export of
 * a set-up's registrations (the report's 'Export Registrations').
 */
export function registerRegistrationAdmin({ app, db, config }: ModuleCtx): void {
  const tags = ['attendance'];

  app.get(
    '/api/EventRegistration/Setups',
    {
      schema: {
        tags,
        summary: "The church's set-ups that take registration, with places taken and left: {data, totalItems}",
        querystring: ZRegistrationSetupsQuery,
        response: { 200: ZRegistrationSetupList, ...errors },
      },
    },
    (req) =>
      inTenant(db, req, (ctx) =>
        service.listRegistrationSetups(ctx, req.query.page, req.query.searchText, originOf(req, config.PUBLIC_URL)),
      ),
  );

  app.get(
    '/api/EventRegistration/Export',
    {
      schema: {
        tags,
        summary: "A set-up's registrations as an xlsx file (wards, payment state, registration answers)",
        querystring: ZRegistrationExportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (req, reply) => {
      const file = await inTenant(db, req, (ctx) => service.exportRegistrations(ctx, req.query.id));
      return reply
        .type(file.type)
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
}
