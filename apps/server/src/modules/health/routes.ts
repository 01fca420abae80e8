import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ModuleCtx } from '../../lib/module.ts';

/** GET /health: 200 when the database answers, 503 otherwise. */
export function registerHealth({ app, db }: ModuleCtx): void {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.literal('unavailable') }) },
      },
    },
    async (_req, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
}
