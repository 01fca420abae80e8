import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Client } from './helpers.ts';

/**
 * Small fixtures shared by the integration tests: they only call the public API (or read
 * an answer) so every test still exercises what a client sees.
 */

export const NIL_ID = '00000000-0000-0000-0000-000000000000';
export const NGN = 566;
export const USD = 840;

/** The `field` of every error in a 400 answer. */
export function errorFields(res: LightMyRequestResponse): string[] {
  const body = res.json() as { errors?: { field: string }[] };
  return (body.errors ?? []).map((e) => e.field);
}

/** Asserts a 400 answer in the spec's envelope that names `field`. */
export function expectBadRequest(res: LightMyRequestResponse, field: string): void {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { status: boolean; returnObject: unknown };
  expect(body.status).toBe(false);
  expect(body.returnObject).toBeNull();
  expect(errorFields(res)).toContain(field);
}

export interface AccountRef {
  id: string;
  fundId: string | null;
}

/**
 * The church's default accounts by name ('Cash', 'Bank', 'Offering', 'Tithe', ...), read
 * through the picker endpoints ('4000 - Offering' -> 'Offering').
 */
export async function accountsByName(api: Client): Promise<Record<string, AccountRef>> {
  const out: Record<string, AccountRef> = {};
  for (const url of ['/api/Financials/Accounts/GetIncomeAccounts', '/api/financials/accounts/getcashbankaccounts']) {
    const res = await api.get(url);
    expect(res.statusCode).toBe(200);
    for (const a of res.json() as { id: string; text: string; financialFundID: string | null }[]) {
      out[a.text.replace(/^\d+ - /, '')] = { id: a.id, fundId: a.financialFundID };
    }
  }
  return out;
}

/** The account of that name, failing the test when the default chart lacks it. */
export function acc(accounts: Record<string, AccountRef>, name: string): AccountRef {
  const a = accounts[name];
  if (!a) throw new Error(`no account named ${name}`);
  return a;
}

/** Creates an offering item through the API and answers its id. */
export async function createItem(api: Client, payload: Record<string, unknown>): Promise<string> {
  const res = await api.post('/api/financials/contributions/items/save', payload);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { returnObject: { id: string } }).returnObject.id;
}

/** Today's local calendar date as 'YYYY-MM-DD' (the server's reports use local dates too). */
export function localDate(offsetDays = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** Message of an error and of its causes (drizzle wraps driver errors). */
export function errorText(e: unknown): string {
  const parts: string[] = [];
  let cur: unknown = e;
  for (let i = 0; i < 5 && cur; i++) {
    if (cur instanceof Error) {
      parts.push(cur.message);
      cur = (cur as { cause?: unknown }).cause;
    } else {
      parts.push(String(cur));
      break;
    }
  }
  return parts.join(' | ');
}

/** Awaits a promise expected to reject and answers the error's text (with causes). */
export async function rejection(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return errorText(e);
  }
  throw new Error('expected the operation to be rejected, but it succeeded');
}
