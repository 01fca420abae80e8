import type { TGiverSession } from '@steward/contracts/donations';

/*
 * The signed-in giver, kept in the browser as the existing client keeps it (existing-client-api
 * §3.5, giving spec §3 'Giver session kept locally'): `giverToken` holds the JSON
 * `{giverToken, giverId, tenantId, email, name, phone, setSignInStatus}`, and `tenantId` the
 * church's id. 'Keep me signed in' (spec 2.7) keeps it in localStorage; otherwise in
 * sessionStorage, gone when the tab is closed. Steward adds `expiresAt` (the token's end): an
 * expired session is dropped when read.
 */

/** The stored giver session. */
export interface GiverSession {
  giverToken: string;
  giverId: string;
  tenantId: string;
  email: string;
  name: string;
  phone: string;
  setSignInStatus: true;
  /** ISO timestamp when the token stops working, '' when not known */
  expiresAt: string;
}

const KEY = 'giverToken';
const TENANT_KEY = 'tenantId';

/** localStorage / sessionStorage, or null where the browser refuses them (private modes, blocked iframes). */
function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function parse(raw: string | null | undefined): GiverSession | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<GiverSession> | null;
    if (!v || typeof v.giverToken !== 'string' || typeof v.giverId !== 'string' || typeof v.tenantId !== 'string')
      return null;
    if (v.expiresAt && Date.parse(v.expiresAt) <= Date.now()) return null;
    return {
      giverToken: v.giverToken,
      giverId: v.giverId,
      tenantId: v.tenantId,
      email: typeof v.email === 'string' ? v.email : '',
      name: typeof v.name === 'string' ? v.name : '',
      phone: typeof v.phone === 'string' ? v.phone : '',
      setSignInStatus: true,
      expiresAt: typeof v.expiresAt === 'string' ? v.expiresAt : '',
    };
  } catch {
    return null;
  }
}

/** The stored giver session (this tab's first, then the kept one), or null; an expired one is removed. */
export function readGiverSession(): GiverSession | null {
  for (const kind of ['session', 'local'] as const) {
    const s = storage(kind);
    const raw = s?.getItem(KEY);
    const found = parse(raw);
    if (found) return found;
    if (raw) s?.removeItem(KEY);
  }
  return null;
}

/**
 * Stores the session of a giver who has just signed up or signed in (`keep`: 'Keep me signed
 * in', localStorage; else sessionStorage), replacing any other. Answers what was stored.
 */
export function saveGiverSession(s: TGiverSession, keep: boolean): GiverSession {
  const session: GiverSession = {
    giverToken: s.token,
    giverId: s.userId,
    tenantId: s.tenantID,
    email: s.email,
    name: s.fullname,
    phone: s.phoneNumber ?? '',
    setSignInStatus: true,
    expiresAt: s.expiryTime,
  };
  clearGiverSession();
  const target = storage(keep ? 'local' : 'session');
  target?.setItem(KEY, JSON.stringify(session));
  target?.setItem(TENANT_KEY, s.tenantID);
  return session;
}

/** Signs the giver out on this browser: removes the session from both storages. */
export function clearGiverSession(): void {
  for (const kind of ['session', 'local'] as const) storage(kind)?.removeItem(KEY);
}

/** Remembers the church of the form being given to (`localStorage.tenantId`, as GivingForm4 does). */
export function rememberTenant(tenantId: string): void {
  storage('local')?.setItem(TENANT_KEY, tenantId);
}
