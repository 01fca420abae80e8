import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * The two 400 shapes of the family calls that are not the usual envelope, because the existing
 * client reads them (existing-client-api §7a): createFamily's ASP.NET validation shape
 * (`errors.FamilyName[0]`) and the bare strings of familyLogin / familyRegister. Both are onSend
 * hooks rewriting the app's 400 envelope (`{status:false, response, returnObject:null,
 * errors:[{field, message}]}`), as the EventCategory route does.
 */

interface Envelope400 {
  response?: unknown;
  errors?: { field?: unknown; message?: unknown }[];
}

function parse400(reply: FastifyReply, payload: unknown): Envelope400 | null {
  if (reply.statusCode !== 400 || typeof payload !== 'string') return null;
  try {
    const body = JSON.parse(payload) as unknown;
    return body && typeof body === 'object' ? (body as Envelope400) : null;
  } catch {
    return null;
  }
}

/** 'familyMembers.0.personId' → 'FamilyMembers[0].PersonId' (ASP.NET model-state keys). */
export function aspNetKey(field: string): string {
  return field
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part.charAt(0).toUpperCase()}${part.slice(1)}`))
    .join('')
    .replace(/^\./, '');
}

/**
 * onSend hook: a 400 becomes the ASP.NET validation shape (ZAspNetErrorEnvelope): `errors` keyed
 * by ASP.NET field names ('FamilyName'), `returnObject.errors` the usual list, `response` the
 * first message.
 */
export async function toAspNet400(_req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const body = parse400(reply, payload);
  if (!body) return payload;
  const list = (body.errors ?? [])
    .filter((e) => typeof e.field === 'string' && typeof e.message === 'string')
    .map((e) => ({ field: e.field as string, message: e.message as string }));
  if (list.length === 0)
    list.push({ field: 'body', message: typeof body.response === 'string' ? body.response : 'is invalid' });
  const errors: Record<string, string[]> = {};
  for (const e of list) (errors[aspNetKey(e.field)] ??= []).push(e.message);
  return JSON.stringify({
    status: false,
    response: list[0]!.message,
    returnObject: { errors: list },
    title: 'One or more validation errors occurred.',
    errors,
  });
}

/** onSend hook: a 400 becomes a bare JSON string, its first message (the check-in shell shows `err.response.data`). */
export async function toBareMessage400(_req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const body = parse400(reply, payload);
  if (!body) return payload;
  const message = body.errors?.[0]?.message ?? body.response;
  return JSON.stringify(typeof message === 'string' ? message : 'The request is invalid');
}
