import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TConfig } from '../config.ts';
import type { Db } from '../db/client.ts';

/** The Fastify instance with the zod type provider. */
export type ZFastify = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every module's register() receives. */
export interface ModuleCtx {
  app: ZFastify;
  db: Db;
  config: TConfig;
}
