import Fastify, { type FastifyError } from 'fastify';
import helmet from '@fastify/helmet';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { TConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { AppError } from './lib/errors.ts';
import { failure } from './lib/envelope.ts';
import { normalizeQueryKeys } from './lib/query-keys.ts';
import { registerAuth } from './modules/auth/routes.ts';
import { registerHealth } from './modules/health/routes.ts';
import { registerLookups } from './modules/lookups/routes.ts';
import { registerLedger } from './modules/ledger/routes.ts';
import { registerChart } from './modules/ledger/chart-routes.ts';
import { registerDocuments } from './modules/ledger/documents-routes.ts';
import { registerEvents } from './modules/events/routes.ts';
import { registerPeople } from './modules/people/routes.ts';
import { registerOfferings } from './modules/offerings/routes.ts';
import { registerWeb } from './modules/web/routes.ts';
import { LoginThrottle } from './modules/auth/throttle.ts';

export interface AppDeps {
  config: TConfig;
  database: Database;
}

/** Builds the HTTP app: plugins, then one register() per module (DESIGN.md §3). */
export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger: deps.config.LOG_LEVEL === 'silent' ? false : { level: deps.config.LOG_LEVEL },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1_048_576,
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
  await app.register(rateLimit, { global: false });
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
    if (error instanceof AppError) {
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
    if (error.statusCode === 429)
      return reply.code(429).send({ message: 'Too many requests, please wait and try again' });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(failure(error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(failure('Something went wrong on our side; nothing was saved'));
  });

  const throttle = new LoginThrottle(deps.config.LOGIN_RATE_MAX, deps.config.LOGIN_RATE_WINDOW_MINUTES * 60_000);
  const ctx = { app, db: deps.database.db, config: deps.config };
  registerHealth(ctx);
  registerAuth({ ...ctx, throttle });
  registerLookups(ctx);
  registerLedger(ctx);
  registerChart(ctx);
  registerDocuments(ctx);
  registerEvents(ctx);
  registerPeople(ctx);
  registerOfferings(ctx);
  await registerWeb(ctx);
  return app;
}

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;

function fieldName(instancePath: string, params: unknown): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing =
    params && typeof params === 'object' && 'missingProperty' in params ? String(params.missingProperty) : '';
  return [path, missing].filter(Boolean).join('.') || 'body';
}
