import Fastify, { type FastifyError, type FastifyReply } from 'fastify';
import helmet from '@fastify/helmet';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { TConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { AppError } from './lib/errors.ts';
import { failure } from './lib/envelope.ts';
import { rejectUnstorableText } from './lib/input-guards.ts';
import { pgErrorInfo, pgErrorToHttp } from './lib/pg-errors.ts';
import { normalizeQueryKeys } from './lib/query-keys.ts';
import { registerAuth } from './modules/auth/routes.ts';
import { registerHealth } from './modules/health/routes.ts';
import { registerLookups } from './modules/lookups/routes.ts';
import { registerLedger } from './modules/ledger/routes.ts';
import { registerChart } from './modules/ledger/chart-routes.ts';
import { registerDocuments } from './modules/ledger/documents-routes.ts';
import { registerAccountRegister } from './modules/ledger/register-routes.ts';
import { registerChurchFxRates } from './modules/ledger/church-fx-rates-routes.ts';
import { registerEvents } from './modules/events/routes.ts';
import { registerPeople } from './modules/people/routes.ts';
import { registerOfferings } from './modules/offerings/routes.ts';
import { registerReportApproval } from './modules/offerings/report-approval-routes.ts';
import { registerDashboard } from './modules/dashboard/routes.ts';
import { registerMedia } from './modules/media/routes.ts';
import { registerLifeCycle } from './modules/settings/life-cycle-routes.ts';
import { registerCustomFields } from './modules/settings/custom-fields-routes.ts';
import { registerGroups } from './modules/groups/routes.ts';
import { registerMessaging } from './modules/messaging/routes.ts';
import { registerMessagingWebhooks } from './modules/messaging/webhook-routes.ts';
import { openMessaging, type MessagingRuntime } from './modules/messaging/runtime.ts';
import { registerSenderIds } from './modules/messaging/sender-ids-routes.ts';
import { registerDefaultMessages } from './modules/messaging/default-messages-routes.ts';
import { registerContactsFile } from './modules/messaging/contacts-file-routes.ts';
import { registerOperators } from './modules/operators/routes.ts';
import { registerGiving } from './modules/giving/routes.ts';
import { registerDonations } from './modules/giving/donations-routes.ts';
import { openPayments, type PaymentsRuntime } from './modules/payments/runtime.ts';
import { registerWeb } from './modules/web/routes.ts';
// issue 11 (attendance and check-in): imports
import { registerPublicCheckin } from './modules/attendance/public-checkin-routes.ts';
import { registerChildCheckin } from './modules/attendance/child-checkin-routes.ts';
import { registerAttendanceMarking } from './modules/attendance/marking-routes.ts';
import { registerAttendanceSetup } from './modules/attendance/setup-routes.ts';
import { registerFamilies } from './modules/people/family-routes.ts';
import { registerFamilyPictures } from './modules/people/family-picture-routes.ts';
import { registerFamilyPortal } from './modules/attendance/family-portal-routes.ts';
// issue 12 (public event registration)
import { registerEventRegistration } from './modules/attendance/registration-routes.ts';
import { registerRegistrationAdmin } from './modules/attendance/registration-admin-routes.ts';
// (end issue 11 imports)
import { RateLimiter } from './modules/auth/throttle.ts';

export interface AppDeps {
  config: TConfig;
  database: Database;
  /**
   * Messaging's queue, transports and workers (issue 9); opened from config when not given, and
   * then closed with the app.
   */
  messaging?: MessagingRuntime;
  /**
   * The card payment providers and, without provider keys, the local sandbox (issue 10); opened
   * from config when not given, and then closed with the app.
   */
  payments?: PaymentsRuntime;
  /** where the log goes (default: standard output); tests read it to check what is logged */
  logStream?: { write(line: string): void };
}

/** Builds the HTTP app: plugins, then one register() per module (DESIGN.md §3). */
export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger:
      deps.config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: deps.config.LOG_LEVEL,
            ...(deps.logStream ? { stream: deps.logStream } : {}),
            // no personal data in logs: the path without its query string (which carries
            // searches, phones and e-mails), never bodies or headers
            serializers: {
              req: (req: { method: string; url: string; id: string }) => ({
                method: req.method,
                url: req.url.split('?')[0],
                id: req.id,
              }),
            },
          },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    genReqId: () => crypto.randomUUID(),
    // a URL Fastify cannot decode (a lone surrogate, a bad %-escape) is the client's fault:
    // a 400 naming the path, in the spec's envelope, like every other refusal
    frameworkErrors: (error, _req, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as unknown as FastifyReply)
        .code(status)
        .type('application/json')
        .send(JSON.stringify(failure(`path: ${error.message}`, [{ field: 'path', message: 'is not a valid URL' }])));
    },
    bodyLimit: 1_048_576,
    // the client address (rate limits) and protocol (Secure cookie) behind trusted proxies only
    trustProxy: deps.config.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();

  // Clients send `content-type: application/json` with no body on DELETE and some POSTs;
  // an empty JSON body is no body, not an error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (String(body).trim() === '') return done(null, undefined);
    return parseJson(req, String(body), done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  app.addHook('preValidation', normalizeQueryKeys);
  app.addHook('preValidation', rejectUnstorableText);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
      },
    },
  });
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Steward API', version: '0.1.0', description: 'The HTTP API of Steward (spec §7).' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'steward_session' },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        field: fieldName(v.instancePath, v.params),
        message: v.message ?? 'is invalid',
      }));
      const first = errors[0];
      return reply
        .code(400)
        .send(failure(first ? `${first.field}: ${first.message}` : 'The request is invalid', errors));
    }
    if (error instanceof AppError) return sendAppError(reply, error);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(failure(error.message, [{ field: 'body', message: error.message }]));
    }
    const mapped = pgErrorToHttp(error, request.method);
    if (mapped) {
      // the client's doing, not ours: answered as a 4xx, logged without the query or its values
      request.log.warn({ db: pgErrorInfo(error) }, 'database refused the request');
      return sendAppError(reply, mapped);
    }
    request.log.error({ err: safeErrorLog(error) }, 'unhandled error');
    return reply.code(500).send(failure('Something went wrong on our side; nothing was saved'));
  });

  // rate limits live in PostgreSQL, shared by every app process (auth/throttle.ts)
  const limiter = new RateLimiter(deps.database.db);
  const ctx = { app, db: deps.database.db, config: deps.config };
  registerHealth(ctx);
  registerAuth({ ...ctx, limiter });
  registerLookups(ctx);
  registerLedger(ctx);
  registerChart(ctx);
  registerDocuments(ctx);
  registerAccountRegister(ctx);
  registerChurchFxRates(ctx);
  registerEvents(ctx);
  registerPeople(ctx);
  registerOfferings(ctx);
  registerReportApproval(ctx);
  registerDashboard(ctx);
  registerMedia(ctx);
  registerLifeCycle(ctx);
  registerCustomFields(ctx);
  registerGroups(ctx);
  const messaging =
    deps.messaging ??
    (await openMessaging(deps.config, deps.database, {
      queue: { jobExpireSeconds: deps.config.MESSAGING_JOB_EXPIRE_SECONDS },
      log: (event, fields) => app.log.info({ event, ...fields }, 'messaging'),
    }));
  if (!deps.messaging) {
    if (deps.config.MESSAGING_WORKERS > 0) await messaging.startWorkers(deps.config.MESSAGING_WORKERS);
    app.addHook('onClose', () => messaging.close());
  }
  registerMessaging(ctx, messaging);
  registerMessagingWebhooks(ctx);
  registerSenderIds(ctx);
  registerDefaultMessages(ctx);
  registerContactsFile(ctx);
  registerOperators(ctx);
  const payments = deps.payments ?? (await openPayments(deps.config));
  if (!deps.payments) app.addHook('onClose', () => payments.close());
  registerGiving(ctx, payments.providers);
  registerDonations(ctx, payments, messaging);
  // issue 11 (attendance and check-in): each part registers its routes here
  registerPublicCheckin(ctx, messaging);
  registerChildCheckin(ctx);
  registerAttendanceMarking(ctx);
  registerAttendanceSetup(ctx, payments.providers);
  registerFamilies(ctx);
  registerFamilyPictures(ctx);
  registerFamilyPortal(ctx);
  // issue 12 (public event registration)
  registerEventRegistration(ctx, messaging, payments.providers);
  registerRegistrationAdmin(ctx);
  // (end issue 11 routes)
  await registerWeb(ctx);
  return app;
}

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;

/** An AppError in the spec's envelope: 401/429 `{message}`, else `{status:false, response, …}`. */
function sendAppError(reply: FastifyReply, error: AppError) {
  if (error.statusCode === 401 || error.statusCode === 429)
    return reply.code(error.statusCode).send({ message: error.message });
  if (error.returnObject) {
    return reply
      .code(error.statusCode)
      .send({ status: false, response: error.message, returnObject: error.returnObject });
  }
  const errors = error.field ? [{ field: error.field, message: error.message }] : undefined;
  const text = error.field ? `${error.field}: ${error.message}` : error.message;
  return reply.code(error.statusCode).send(failure(text, errors));
}

/**
 * What a 500 logs: the error's type, its SQLSTATE and constraint when it came from the
 * database, and the stack frames. Never the message of a database error (Drizzle puts the
 * query and its parameters there: e-mails, phones, password hashes) nor its detail.
 */
function safeErrorLog(error: Error) {
  const db = pgErrorInfo(error);
  const frames = (error.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
  return db ? { type: error.name, ...db, frames } : { type: error.name, message: error.message.slice(0, 300), frames };
}

function fieldName(instancePath: string, params: unknown): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing =
    params && typeof params === 'object' && 'missingProperty' in params ? String(params.missingProperty) : '';
  return [path, missing].filter(Boolean).join('.') || 'body';
}
