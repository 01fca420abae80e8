import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MAX_VOICE_BYTES,
  MESSAGE_TYPE,
  VOICE_FIELD,
  ZCreateDefaultMessageForm,
  ZDefaultMessageDeletedEnvelope,
  ZDefaultMessageEnvelope,
  ZDefaultMessageIdParams,
  ZDefaultMessageListEnvelope,
  ZUpdateDefaultMessageForm,
  ZVoiceFileParams,
} from '@steward/contracts/default-messages';
import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import type { TConfig } from '../../config.ts';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { ok } from '../../lib/envelope.ts';
import { badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import { readAudio, readStoredAudio, removeStoredAudio, storeAudio } from './audio-file.ts';
import * as service from './default-messages-service.ts';

/** The form fields read from a multipart body; any other part is ignored. */
const FORM_FIELDS = ['id', 'category', 'messageType', 'subject', 'message', VOICE_FIELD] as const;
/** A multipart body may exceed the largest recording by this much (the other fields, the part headers). */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

/**
 * The fields of a multipart/form-data body, read with the platform's own parser (the Fetch
 * API's FormData, as media/service.ts does): text parts as text, file parts as Blobs (the
 * contract checks which is which); the first part of a name wins. Throws 400 naming body when
 * the bytes are not a readable multipart body.
 */
async function formFields(bytes: Buffer, contentType: string): Promise<Record<string, string | Blob>> {
  let form: FormData;
  try {
    form = await new Request('http://local/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: bytes,
    }).formData();
  } catch {
    throw badRequest('body', 'the multipart body could not be read');
  }
  const out: Record<string, string | Blob> = {};
  for (const name of FORM_FIELDS) {
    const value = form.get(name);
    if (value !== null) out[name] = value;
  }
  return out;
}

/**
 * Checks and stores the recording of a Voice message: answers the stored file's name, or null
 * when the message is not Voice or came without a file (the service decides whether one is
 * needed). Throws 401 without a session, 400 naming voiceFile for a file that is not audio.
 */
async function storeVoice(config: TConfig, req: FastifyRequest, messageType: number, file: Blob | null) {
  if (!req.auth) throw unauthorized();
  if (messageType !== MESSAGE_TYPE.voice || !file) return null;
  return storeAudio(config, req.auth.tenantId, await readAudio(file));
}

/** The origin the request came to ('https://host'): voiceUrl is absolute, as media's pictureUrl. */
const baseUrl = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/**
 * Default messages (finance spec 2.9, giving spec 2.17; existing-client-api §2.8, §6.1; issue
 * 9): the list, one message, create and update as multipart/form-data (JSON accepted too) with
 * a Voice message's recording checked by its content and stored under uploads, delete, and the
 * recording served back at voiceUrl.
 */
export function registerDefaultMessages({ app, db, config }: ModuleCtx): void {
  const tags = ['default messages'];
  const e400 = { 400: ZErrorEnvelope, 401: ZMessage };
  const e404 = { ...e400, 404: ZErrorEnvelope };
  const bodyLimit = MAX_VOICE_BYTES + FORM_OVERHEAD_BYTES;
  /** Removes a recording no longer used; a failure leaves a stray file, never a failed request. */
  const drop = async (tenantId: string, name: string | null) => {
    if (name) await removeStoredAudio(config, tenantId, name).catch(() => undefined);
  };

  app.get(
    '/api/Settings/AllDefaultMessages',
    {
      schema: {
        tags,
        summary: "The church's default messages, newest first (category 0-6, messageType 0 Sms, 1 Email, 2 Voice)",
        response: { 200: ZDefaultMessageListEnvelope, 401: ZMessage },
      },
    },
    async (req) => ok(await inTenant(db, req, (ctx) => service.listDefaultMessages(ctx, baseUrl(req)))),
  );

  app.get(
    '/api/Settings/GetDefaultMessage/:id',
    {
      schema: {
        tags,
        summary: 'One default message; 404 for an id of no default message of the church',
        params: ZDefaultMessageIdParams,
        response: { 200: ZDefaultMessageEnvelope, ...e404 },
      },
    },
    async (req) => ok(await inTenant(db, req, (ctx) => service.getDefaultMessage(ctx, req.params.id, baseUrl(req)))),
  );

  app.delete(
    '/api/Settings/DeleteDefaultMessage/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a default message (and its recording); 404 for an id of no default message of the church',
        params: ZDefaultMessageIdParams,
        response: { 200: ZDefaultMessageDeletedEnvelope, ...e404 },
      },
    },
    async (req) => {
      const done = await inTenant(db, req, (ctx) => service.deleteDefaultMessage(ctx, req.params.id));
      await drop(req.auth!.tenantId, done.dropped);
      return ok({ id: done.id }, 'Message Deleted Successfully');
    },
  );

  app.get(
    '/api/Settings/DefaultMessageVoice/:tenantId/:name',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "A Voice message's recording, at the voiceUrl its message answers (its random name is the key); 404 for none",
        params: ZVoiceFileParams,
      },
    },
    async (req, reply) => {
      const found = await readStoredAudio(config, req.params.tenantId, req.params.name);
      if (!found) throw notFound('Recording');
      return reply.type(found.type).header('content-disposition', 'inline').send(found.bytes);
    },
  );

  // create and update take multipart bodies, in a scope of their own: no other route accepts them
  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit },
      async (req: FastifyRequest, body: Buffer) => formFields(body, String(req.headers['content-type'])),
    );
    const consumes = ['multipart/form-data', 'application/json'];

    scope.post(
      '/api/Settings/CreateDefaultMessage',
      {
        bodyLimit,
        schema: {
          tags,
          summary:
            'Creates a default message from multipart/form-data: category 0-6, messageType 0 Sms (subject = a sender ID of the church), 1 Email, 2 Voice (subject and message "", voiceFile an audio file of at most 10 MB)',
          consumes,
          body: ZCreateDefaultMessageForm,
          response: { 200: ZDefaultMessageEnvelope, ...e400 },
        },
      },
      async (req) => {
        const { voiceFile, ...input } = req.body;
        const stored = await storeVoice(config, req, input.messageType, voiceFile);
        try {
          const created = await inTenant(db, req, (ctx) =>
            service.createDefaultMessage(ctx, input, stored, baseUrl(req)),
          );
          return ok(created, 'Default Message Created successfully');
        } catch (e) {
          await drop(req.auth!.tenantId, stored);
          throw e;
        }
      },
    );

    scope.put(
      '/api/Settings/UpdateDefaultMessage',
      {
        bodyLimit,
        schema: {
          tags,
          summary:
            'Updates default message `id` from multipart/form-data (fields as create); a Voice message keeps its recording when voiceFile is "null"',
          consumes,
          body: ZUpdateDefaultMessageForm,
          response: { 200: ZDefaultMessageEnvelope, ...e404 },
        },
      },
      async (req) => {
        const { voiceFile, id, ...input } = req.body;
        const stored = await storeVoice(config, req, input.messageType, voiceFile);
        try {
          const done = await inTenant(db, req, (ctx) =>
            service.updateDefaultMessage(ctx, id, input, stored, baseUrl(req)),
          );
          await drop(req.auth!.tenantId, done.dropped);
          return ok(done.message, 'Default Message Updated successfully');
        } catch (e) {
          await drop(req.auth!.tenantId, stored);
          throw e;
        }
      },
    );
  });
}
