import { z } from 'zod';

/** A uuid; the spec's all-zero id means "not set" and is accepted where an id is optional. */
export const ZId = z.guid({ message: 'must be an id' });
export const NIL_ID = '00000000-0000-0000-0000-000000000000';

/** An optional id: '', null, undefined and the all-zero id all mean "not set" (normalised to null). */
export const ZOptionalId = z
  .union([z.literal(''), z.null(), z.undefined(), z.literal(NIL_ID), ZId])
  .transform((v) => (v === '' || v === null || v === undefined || v === NIL_ID ? null : v));

/**
 * A decimal amount as JSON carries it (number or numeric text), not negative. Converted to
 * minor units at the server edge with the currency's decimals (@steward/money/parse).
 */
export const ZAmount = z
  .union([z.number(), z.string()])
  .refine((v) => (typeof v === 'number' ? Number.isFinite(v) && v >= 0 : /^\s*\d[\d,]*(\.\d+)?\s*$/.test(v)), {
    message: 'must be a positive number',
  });

/**
 * A decimal amount that may carry a minus sign, for the finance page, whose saves take
 * amounts as absolute values (spec §5). Converted at the server edge like ZAmount.
 */
export const ZSignedAmount = z
  .union([z.number(), z.string()])
  .refine((v) => (typeof v === 'number' ? Number.isFinite(v) : /^\s*-?\d[\d,]*(\.\d+)?\s*$/.test(v)), {
    message: 'must be a number',
  });

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

/** 1-12 for an English month name or its 3-letter (or 'Sept') abbreviation, else 0. */
function monthNumber(word: string): number {
  const w = word.toLowerCase();
  return MONTH_NAMES.findIndex((m) => m === w || m.slice(0, 3) === w || (w === 'sept' && m === 'september')) + 1;
}

/**
 * A calendar date: 'YYYY-MM-DD', an ISO timestamp ('YYYY-MM-DDTHH:mm:ss', with or without a
 * zone: its date part is taken), the US 'MM-DD-YYYY' / 'MM/DD/YYYY' (unpadded too) the spec's
 * screens send, or a written date such as 'Nov 23, 2026', 'November 23 2026' or JavaScript's
 * 'Mon Nov 23 2026 00:00:00 GMT+0100' (the existing client's report links; existing-client-api
 * §2.4, §7c). Normalised to 'YYYY-MM-DD'; at most 100 characters.
 */
export const ZDate = z
  .string()
  .max(100, 'must be a date (YYYY-MM-DD, MM/DD/YYYY or Nov 23, 2026)')
  .transform((v, ctx) => {
    const s = v.trim();
    let y: number, m: number, d: number;
    const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
    const us = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(s);
    const written = /^(?:[A-Za-z]{3,9},?\s+)?([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})(?:[\sT][\w:+().\s-]*)?$/.exec(
      s,
    );
    if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    else if (us) [m, d, y] = [Number(us[1]), Number(us[2]), Number(us[3])];
    else if (written && monthNumber(written[1]!) > 0)
      [m, d, y] = [monthNumber(written[1]!), Number(written[2]), Number(written[3])];
    else {
      ctx.addIssue({ code: 'custom', message: 'must be a date (YYYY-MM-DD, MM/DD/YYYY or Nov 23, 2026)' });
      return z.NEVER;
    }
    const dt = new Date(Date.UTC(y, m - 1, d));
    if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d || y < 1900 || y > 2200) {
      ctx.addIssue({ code: 'custom', message: 'must be a real calendar date' });
      return z.NEVER;
    }
    return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  });

/** The envelope every mutation answers with (DESIGN.md §1.1). */
export function ZEnvelope<T extends z.ZodType>(returnObject: T) {
  return z.object({ status: z.boolean(), response: z.string(), returnObject });
}

/** One invalid field in a 400 answer. */
export const ZFieldError = z.object({ field: z.string(), message: z.string() });

/** The 400/404/409 answer: the envelope with status false and the fields at fault. */
export const ZErrorEnvelope = z.object({
  status: z.literal(false),
  response: z.string(),
  returnObject: z.null(),
  errors: z.array(ZFieldError).optional(),
});

/** 401/429 answers carry a bare message. */
export const ZMessage = z.object({ message: z.string() });

/** A paged list (DESIGN.md §1.1): `?page=N`, 1-based. */
export function ZPaged<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), totalItems: z.number().int() });
}

export const ZPageQuery = z.object({ page: z.coerce.number().int().min(1).default(1) });

/** A picker option (spec §3 "Account option"). */
export const ZOption = z.object({ id: z.string(), text: z.string() });

/** The answer of deletes and other status-only calls: `{status, response}`. */
export const ZStatusAnswer = z.object({ status: z.boolean(), response: z.string() });
