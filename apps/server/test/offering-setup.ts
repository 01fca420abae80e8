import { expect } from 'vitest';
import type { BuiltApp } from '../src/app.ts';
import { client, signupChurch, type Client } from './helpers.ts';
import { acc, accountsByName, createItem, type AccountRef } from './fixtures.ts';

/**
 * A church set up for recording offerings, entirely through the API: the item
 * 'Sunday Offering' (Offering income, Cash, 10% remitted to Bank), the item 'Tithe'
 * (Tithe income, Bank, no remittance), a 'Sunday Service' event and a donor.
 */
export interface OfferingChurch {
  tenantId: string;
  api: Client;
  accounts: Record<string, AccountRef>;
  cash: string;
  bank: string;
  offering: string;
  tithe: string;
  sundayItem: string;
  titheItem: string;
  categoryId: string;
  eventId: string;
  eventDate: string;
  donorId: string;
}

export async function offeringChurch(app: BuiltApp, eventDate = '2026-11-22'): Promise<OfferingChurch> {
  const c = await signupChurch(app);
  const api = client(app, c.token);
  const accounts = await accountsByName(api);
  const cash = acc(accounts, 'Cash').id;
  const bank = acc(accounts, 'Bank').id;
  const offering = acc(accounts, 'Offering').id;
  const tithe = acc(accounts, 'Tithe').id;
  const sundayItem = await createItem(api, {
    name: 'Sunday Offering',
    incomeAccountId: offering,
    cashAccountId: cash,
    incomeRemittance: [{ percentage: '10', distinationCashBankAccount: bank }],
  });
  const titheItem = await createItem(api, {
    name: 'Tithe',
    incomeAccountId: tithe,
    cashAccountId: bank,
    incomeRemittance: null,
  });
  const categories = await api.post('/api/EventCategory?name=Sunday%20Service');
  expect(categories.statusCode).toBe(200);
  const categoryId = (categories.json() as { id: string; name: string }[]).find((x) => x.name === 'Sunday Service')!.id;
  const eventId = await createEvent(api, categoryId, eventDate);
  const donor = await api.post('/api/People/CreateMember', {
    firstName: 'Ngozi',
    lastName: 'Adeyemi',
    mobilePhone: '08031234567',
  });
  expect(donor.statusCode).toBe(200);
  return {
    tenantId: c.tenantId,
    api,
    accounts,
    cash,
    bank,
    offering,
    tithe,
    sundayItem,
    titheItem,
    categoryId,
    eventId,
    eventDate,
    donorId: (donor.json() as { returnObject: { id: string } }).returnObject.id,
  };
}

export async function createEvent(api: Client, eventCategoryId: string, date: string): Promise<string> {
  const res = await api.post('/api/Events/CreateActivity', { activity: { date, eventCategoryId } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { returnObject: { currentEvent: { id: string } } }).returnObject.currentEvent.id;
}

export const SAVE = '/api/Financials/Contributions/Transactions/Save';
export const EDIT = '/api/Financials/Contributions/Transactions/Edit';
export const LIST = '/api/Financials/Contributions/Transactions';
export const ONE = '/api/Financials/Contributions/Transactions/One';
export const DELETE = '/api/Financials/Contributions/Transactions/Delete';
export const DELETE_MANY = '/api/Financials/Contributions/Transactions/DeleteMultiple';

export interface SavedRow {
  id: string;
  amount: number;
  contribution: { name: string };
  date: string;
  person: { firstName: string; lastName: string } | null;
  paymentChannel: string;
  currencyID: number;
  activityID: string | null;
}

/** Saves offering rows and answers the saved rows (asserting 200). */
export async function saveRows(
  api: Client,
  rows: Record<string, unknown>[],
  headers?: Record<string, string>,
): Promise<SavedRow[]> {
  const res = await api.post(SAVE, rows, headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { returnObject: SavedRow[] }).returnObject;
}
