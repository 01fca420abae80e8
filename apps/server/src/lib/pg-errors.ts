import { AppError, badRequest, conflict } from './errors.ts';

/**
 * PostgreSQL's own errors, mapped to 4xx answers in one place (issue 6). The services check
 * what they can before SQL sees it; this is the net under them, so that a constraint the
 * database enforces (a unique index settling a race, a foreign key, a check, a BIGINT
 * overflow) never becomes a 500.
 */

/** The fields of a pg / PGlite error that are safe to log: no query text, no parameters. */
export interface PgErrorInfo {
  /** SQLSTATE, e.g. '23505' */
  code: string;
  constraint?: string | undefined;
  table?: string | undefined;
  column?: string | undefined;
}

/**
 * The database error inside `e` (Drizzle wraps pg and PGlite errors in DrizzleQueryError,
 * whose message carries the query and its parameters), or null when `e` is not one.
 */
export function pgErrorInfo(e: unknown): PgErrorInfo | null {
  for (let cur: unknown = e, depth = 0; cur && typeof cur === 'object' && depth < 5; depth++) {
    const c = cur as { code?: unknown; constraint?: unknown; table?: unknown; column?: unknown; cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) {
      return {
        code: c.code,
        constraint: typeof c.constraint === 'string' ? c.constraint : undefined,
        table: typeof c.table === 'string' ? c.table : undefined,
        column: typeof c.column === 'string' ? c.column : undefined,
      };
    }
    cur = c.cause;
  }
  return null;
}

/** The request field each unique index or foreign key speaks for, with the message to give. */
const CONSTRAINT_FIELDS: Record<string, { field: string; message: string }> = {
  users_email_key: {
    field: 'email',
    message:
      'We could not create an account with this e-mail address. If you already have one, sign in or reset your password.',
  },
  accounts_name_key: { field: 'name', message: 'is already the name of another account' },
  accounts_code_key: { field: 'code', message: 'is already the code of another account' },
  funds_name_key: { field: 'name', message: 'is already the name of another fund' },
  funds_code_key: { field: 'code', message: 'is already the code of another fund' },
  contribution_items_name_key: { field: 'name', message: 'is already the name of another offering item' },
  event_categories_name_key: { field: 'name', message: 'is already the name of another event category' },
  financial_transactions_number_key: { field: 'transactionNumber', message: 'is already used by another transaction' },
  first_timer_stages_name_key: { field: 'name', message: 'is already the name of another guest life-cycle stage' },
  first_timer_stages_default_key: { field: 'isDefault', message: 'another stage is already the default' },
  branch_levels_name_key: { field: 'name', message: 'is already the name of another branch level' },
  custom_fields_label_key: { field: 'label', message: 'is already the label of another custom field of this entity' },
  groups_name_key: { field: 'name', message: 'is already the name of another group under the same parent' },
  sender_ids_mask_key: { field: 'mask', message: 'is already a sender ID of this church' },
};

/** 23505 on one of the indexes above: the 400 naming its field, else null. */
export function uniqueViolationError(e: unknown): AppError | null {
  const info = pgErrorInfo(e);
  if (info?.code !== '23505') return null;
  const known = info.constraint ? CONSTRAINT_FIELDS[info.constraint] : undefined;
  return known ? badRequest(known.field, known.message) : null;
}

/**
 * Maps a database error to the 4xx the client should see, or null when it is not the
 * client's doing (connection loss, a bug): those stay 500s and are logged.
 * - 23505 unique: 400 naming the field of the index (or 'id').
 * - 23503 foreign key: on DELETE, 409 offering deactivation (the row is still referred to);
 *   otherwise 400 naming the column that refers to a missing row.
 * - 23502 not null, 23514 check, 22001 too long, 22003 numeric out of range (BIGINT
 *   overflow of an amount or a balance), 22P02 / 22007 / 22008 / 22021 invalid text, date
 *   or bytes, 54000 / 54001 too complex: 400.
 */
export function pgErrorToHttp(e: unknown, method: string): AppError | null {
  const info = pgErrorInfo(e);
  if (!info) return null;
  const known = info.constraint ? CONSTRAINT_FIELDS[info.constraint] : undefined;
  const field = known?.field ?? (info.column ? camel(info.column) : undefined);
  switch (info.code) {
    case '23505':
      return badRequest(field ?? 'id', known?.message ?? 'is already used by another record');
    case '23503':
      if (method === 'DELETE')
        return conflict(
          'It cannot be deleted because other records still refer to it. Deactivate it instead: it keeps its history.',
          true,
        );
      return badRequest(field ?? 'id', 'refers to a record that does not exist');
    case '23502':
      return badRequest(field ?? 'body', 'is required');
    case '23514':
      return badRequest(field ?? 'body', 'breaks a rule of the books; nothing was saved');
    case '22003':
      return badRequest(
        field ?? 'amount',
        'is larger than Steward can hold (an amount, a total or a balance would overflow); nothing was saved',
      );
    case '22001':
      return badRequest(field ?? 'body', 'is too long');
    case '22P02':
    case '22007':
    case '22008':
    case '22021':
    case '22P05':
    case '22023':
      return badRequest(field ?? 'body', 'contains a value the database cannot store');
    case '54000':
    case '54001':
      return badRequest('body', 'is too complex to process');
    default:
      return null;
  }
}

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
