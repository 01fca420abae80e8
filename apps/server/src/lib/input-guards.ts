import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * Rejects text PostgreSQL cannot store before any work starts (issue 6): a NUL character
 * (U+0000) anywhere in the path parameters, the query string or the JSON body, in a value or
 * in a key, answers 400 naming the field (`lines.2.memo`, `search`), for every route.
 * The walk is iterative, so a deeply nested body cannot exhaust the stack.
 */
export async function rejectUnstorableText(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  for (const [where, value] of [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const bad = findNul(value);
    if (bad !== null) throw badRequest(bad || where, 'must not contain the NUL character (\\u0000)');
  }
}

/**
 * The dotted path of the first string holding U+0000 in `root`, or null when there is none.
 * Binary bodies (Buffers, typed arrays: an uploaded file) are not text and are skipped.
 */
export function findNul(root: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return childPath.split('\u0000').join('');
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}
