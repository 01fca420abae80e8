import { z } from 'zod';
import {
  CONTROL_TYPES,
  ENTITY_TYPES,
  ZCodeName,
  ZCustomField,
  ZCustomFieldIdQuery,
  ZCustomFieldListQuery,
  ZDeleteCustomFieldResponse,
  ZEditCustomFieldRequest,
  ZOptionalCustomFieldIdQuery,
  ZPublicCustomFieldQuery,
  ZReorderCustomFieldsRequest,
  ZSaveCustomFieldRequest,
} from '@steward/contracts/custom-fields';
import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import * as service from './custom-fields-service.ts';

/**
 * Custom fields (spec 2.20): routes of existing-client-api §6.4 (issue 8), plus the public
 * read the registration and check-in pages use (`GET /GetAllCustomFields`).
 */
export function registerCustomFields({ app, db }: ModuleCtx): void {
  const tags = ['custom fields'];
  const base = '/api/CustomFields';
  const fieldList = z.array(ZCustomField);

  app.get(
    `${base}/GetAllCustomFields`,
    {
      schema: {
        tags,
        summary: "The church's custom fields by order (optionally of one entity type)",
        querystring: ZCustomFieldListQuery,
        response: { 200: fieldList, 400: ZErrorEnvelope, 401: ZMessage },
      },
    },
    (req) => inTenant(db, req, (ctx) => service.listFields(ctx, req.query.entityType)),
  );
  app.get(
    `${base}/GetAllControls`,
    {
      schema: {
        tags,
        summary: 'The control types a custom field can have: [{id, name}]',
        response: { 200: z.array(ZCodeName), 401: ZMessage },
      },
    },
    () => CONTROL_TYPES.map((c) => ({ id: c.id, name: c.name })),
  );
  app.get(
    `${base}/GetCustomizableObjects`,
    {
      schema: {
        tags,
        summary: 'The entities a custom field can belong to: [{id, name}]',
        response: { 200: z.array(ZCodeName), 401: ZMessage },
      },
    },
    () => ENTITY_TYPES.map((c) => ({ id: c.id, name: c.name })),
  );
  app.post(
    `${base}/SaveCustomFields`,
    {
      schema: {
        tags,
        summary: 'Creates a custom field at the end of the list; answers it (control and entity by name or id)',
        body: ZSaveCustomFieldRequest,
        response: { 200: ZCustomField, 400: ZErrorEnvelope, 401: ZMessage },
      },
    },
    (req) => inTenant(db, req, (ctx) => service.createField(ctx, req.body)),
  );
  app.put(
    `${base}/EditCustomFields`,
    {
      schema: {
        tags,
        summary:
          'Edits a custom field (id in the body or ?customAttributeID=); 409 when a field with answers would change type',
        querystring: ZOptionalCustomFieldIdQuery,
        body: ZEditCustomFieldRequest,
        response: { 200: ZCustomField, 400: ZErrorEnvelope, 401: ZMessage, 404: ZErrorEnvelope, 409: ZErrorEnvelope },
      },
    },
    (req) =>
      inTenant(db, req, (ctx) => {
        const id = req.body.id ?? req.query.customAttributeID;
        if (!id) throw badRequest('id', 'Give the id of the field (in the body or as ?customAttributeID=)');
        return service.editField(ctx, id, req.body);
      }),
  );
  app.delete(
    `${base}/EditCustomFields`,
    {
      schema: {
        tags,
        summary: 'Deletes a custom field that holds no answers (400 saying how many it holds otherwise)',
        querystring: ZCustomFieldIdQuery,
        response: { 200: ZDeleteCustomFieldResponse, 400: ZErrorEnvelope, 401: ZMessage, 404: ZErrorEnvelope },
      },
    },
    async (req) =>
      ok(
        await inTenant(db, req, (ctx) => service.deleteField(ctx, req.query.customAttributeID)),
        'Custom field deleted',
      ),
  );
  app.post(
    `${base}/ReorderCustomFields`,
    {
      schema: {
        tags,
        summary: 'Sets the order of the listed fields (the full list with order = position); answers the list',
        body: ZReorderCustomFieldsRequest,
        response: { 200: fieldList, 400: ZErrorEnvelope, 401: ZMessage, 404: ZErrorEnvelope },
      },
    },
    (req) => inTenant(db, req, (ctx) => service.reorderFields(ctx, req.body)),
  );
  app.get(
    '/GetAllCustomFields',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Public: one church's custom fields of one entity, for the registration and check-in pages",
        security: [],
        querystring: ZPublicCustomFieldQuery,
        response: { 200: fieldList, 400: ZErrorEnvelope, 429: ZMessage },
      },
    },
    (req) => service.listPublicFields(db, req.query.tenantID, req.query.entityType),
  );
}
