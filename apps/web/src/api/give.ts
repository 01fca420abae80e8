import type {
  TGiverContribution,
  TGiverSession,
  TInitializeDonationAnswer,
  TInitializeDonationInput,
  TPaymentOutcome,
  TPublicPaymentForm,
} from '@steward/contracts/donations';
import { ContractError, send } from './http.ts';

/*
 * The public giving calls (issue 10 'Public pages'; existing-client-api §3.3-3.5; giving spec
 * §7 'Giver flow'), one function each. No runtime zod (issue 10 'Speed': the giving page loads
 * under 150 KB of JavaScript): answers are checked with the light type guards below, which test
 * the fields the pages read; the contracts in packages/contracts/src/donations.ts are the full
 * shapes, imported here as types only.
 */

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Throws ContractError for `path` unless `ok`: the answer is not what the page reads. */
function check<T>(path: string, value: unknown, ok: (v: unknown) => boolean): T {
  if (!ok(value)) {
    console.error(`Answer of ${path} does not match its contract`, value);
    throw new ContractError(path, []);
  }
  return value as T;
}

const isPublicForm = (v: unknown): boolean =>
  isRecord(v) &&
  isText(v.id) &&
  isText(v.tenantID) &&
  isText(v.churchName) &&
  (v.churchLogo === null || isText(v.churchLogo)) &&
  isText(v.currency) &&
  isNumber(v.currencyDecimals) &&
  isText(v.orderId) &&
  Array.isArray(v.contributionItems) &&
  v.contributionItems.every(
    (i) =>
      isRecord(i) &&
      isRecord(i.financialContribution) &&
      isText(i.financialContribution.id) &&
      isText(i.financialContribution.name),
  ) &&
  Array.isArray(v.paymentGateWays) &&
  v.paymentGateWays.every((g) => isRecord(g) && (g.provider === 'paystack' || g.provider === 'flutterwave'));

/**
 * GET /give?paymentFormID= (root path; existing-client-api §3.3): the active payment form as the
 * public giving page reads it: church name and logo, items, gateways, currency and its decimals,
 * a fresh `orderId`. Sent with `accept: application/json` (a browser navigation to the same
 * path gets the app).
 * @throws HttpError 404 (unknown or inactive form), NetworkError, TimeoutError, ContractError.
 */
export async function getPublicForm(formId: string, signal?: AbortSignal): Promise<TPublicPaymentForm> {
  const body = await send('/give', { query: { paymentFormID: formId }, signal });
  return check<TPublicPaymentForm>('/give', body, isPublicForm);
}

const formLoads = new Map<string, Promise<TPublicPaymentForm>>();

/**
 * Starts GET /give for `formId` before the page's code has arrived (the router calls it as the
 * route matches, issue 10 'Speed': the form's answer and the page's chunk then travel together
 * on a slow network). The page takes the answer with `takePublicForm`.
 */
export function prefetchPublicForm(formId: string | undefined): void {
  if (!formId || formLoads.has(formId)) return;
  const load = getPublicForm(formId);
  // a failed prefetch is the page's to report (takePublicForm hands it over): not unhandled here
  load.catch(() => undefined);
  formLoads.set(formId, load);
}

/** The prefetched load of `formId` (once; a later call loads again), else a new load. */
export function takePublicForm(formId: string): Promise<TPublicPaymentForm> {
  const load = formLoads.get(formId);
  formLoads.delete(formId);
  return load ?? getPublicForm(formId);
}

const isInitializeAnswer = (v: unknown): boolean =>
  isRecord(v) &&
  v.status === true &&
  isText(v.transactionReference) &&
  isRecord(v.initializePaymentResponseDTO) &&
  isRecord(v.initializePaymentResponseDTO.data) &&
  isText(v.initializePaymentResponseDTO.data.authorization_url);

/**
 * POST /initailizedonationpayment (root path, the client's spelling; existing-client-api §3.3):
 * writes the pending gift and answers the provider's hosted checkout
 * (`initializePaymentResponseDTO.data.authorization_url`). `orderID` makes a retry of the same
 * gift answer the same payment. Amounts are decimal text in major units (exact).
 * @throws HttpError 400 (the field at fault in `fieldErrors`), 404, 503; NetworkError, TimeoutError, ContractError.
 */
export async function initializeDonation(
  body: TInitializeDonationInput,
  giverToken: string | null,
): Promise<TInitializeDonationAnswer> {
  const path = '/initailizedonationpayment';
  const answer = await send(path, {
    method: 'POST',
    body,
    headers: giverToken ? { authorization: `Bearer ${giverToken}` } : {},
    allowUnauthorized: true,
  });
  return check<TInitializeDonationAnswer>(path, answer, isInitializeAnswer);
}

const isOutcome = (v: unknown): boolean =>
  isRecord(v) &&
  isText(v.reference) &&
  isText(v.status) &&
  (v.provider === 'paystack' || v.provider === 'flutterwave') &&
  isNumber(v.amount) &&
  isText(v.currency) &&
  isText(v.date) &&
  isText(v.churchName) &&
  Array.isArray(v.items) &&
  v.items.every((i) => isRecord(i) && isText(i.name) && isNumber(i.amount));

/** The answer of the confirm and check calls: the flag or index, and what Steward knows of the payment. */
export interface SettlementAnswer {
  /** ConfirmDonationPayment: true once received; PaystackTransactionCheck: the status index (0 Success, 1 Pending, 2 Cancelled, 3 Failed) */
  status: boolean | number;
  response: string;
  returnObject: TPaymentOutcome;
}

const isSettlement = (v: unknown): boolean =>
  isRecord(v) &&
  (typeof v.status === 'boolean' || isNumber(v.status)) &&
  isText(v.response) &&
  isOutcome(v.returnObject);

/**
 * POST /ConfirmDonationPayment?id=&txnref= (no body; existing-client-api §3.3): Steward asks the
 * provider and answers the payment's state. Paystack: both = trxref; Flutterwave:
 * id = transaction_id, txnref = tx_ref.
 * @throws HttpError (404 unknown reference, 400, 503), NetworkError, TimeoutError, ContractError.
 */
export async function confirmDonation(id: string | null, txnref: string): Promise<SettlementAnswer> {
  const path = '/ConfirmDonationPayment';
  const answer = await send(path, { method: 'POST', query: { id, txnref }, allowUnauthorized: true });
  return check<SettlementAnswer>(path, answer, isSettlement);
}

/**
 * POST /PaystackTransactionCheck?reference= (no body; existing-client-api §3.3, §7b.6): the
 * payment's state as the client's status index, `transactionReference` the reference to poll next.
 * @throws HttpError, NetworkError, TimeoutError, ContractError.
 */
export async function paystackTransactionCheck(
  reference: string,
): Promise<SettlementAnswer & { transactionReference: string }> {
  const path = '/PaystackTransactionCheck';
  const answer = await send(path, { method: 'POST', query: { reference }, allowUnauthorized: true });
  return check(path, answer, (v) => isSettlement(v) && isRecord(v) && isText(v.transactionReference));
}

/** The `{status, response, returnObject}` answer of the giver account calls. */
export interface GiverAnswer {
  status: boolean;
  response: string;
  returnObject: TGiverSession | null;
}

const isGiverSession = (v: unknown): boolean =>
  isRecord(v) && isText(v.token) && isText(v.userId) && isText(v.tenantID) && isText(v.email);

const isGiverAnswer = (v: unknown): boolean =>
  isRecord(v) &&
  typeof v.status === 'boolean' &&
  isText(v.response) &&
  (v.returnObject === null || v.returnObject === undefined || isGiverSession(v.returnObject));

function giverAnswer(path: string, v: unknown): GiverAnswer {
  const a = check<GiverAnswer>(path, v, isGiverAnswer);
  return { status: a.status, response: a.response, returnObject: a.returnObject ?? null };
}

/**
 * POST /mobile/v1/Account/WebSignUp (existing-client-api §3.5; giving spec 2.6): a giver account
 * of the church `tenantId`; answers the new giver's session.
 * @throws HttpError (400 field, 409 e-mail taken), NetworkError, TimeoutError, ContractError.
 */
export async function giverSignUp(body: {
  name: string;
  phoneNumber: string;
  tenantId: string;
  email: string;
  password: string;
}): Promise<GiverAnswer> {
  const path = '/mobile/v1/Account/WebSignUp';
  return giverAnswer(path, await send(path, { method: 'POST', body, allowUnauthorized: true }));
}

/**
 * POST /mobile/v1/Account/SignIn (existing-client-api §3.5; giving spec 2.7). `tenantId` (the
 * church of the form the giver came from) picks the church when the address has giver accounts
 * at several; `keepSignedIn` asks for a 30-day token instead of 12 hours.
 * @throws HttpError (401 wrong details, 400, 429), NetworkError, TimeoutError, ContractError.
 */
export async function giverSignIn(body: {
  email: string;
  password: string;
  tenantId?: string;
  keepSignedIn: boolean;
}): Promise<GiverAnswer> {
  const path = '/mobile/v1/Account/SignIn';
  return giverAnswer(path, await send(path, { method: 'POST', body, allowUnauthorized: true }));
}

const isContribution = (v: unknown): boolean =>
  isRecord(v) && isText(v.memo) && isText(v.date) && isNumber(v.amount) && isText(v.paymentGatewayName);

/**
 * POST /mobile/v1/PaymentForm/contributions (existing-client-api §3.5; giving spec 2.8) with the
 * giver's token as Bearer (not the church session): the giver's gifts, one row per item, newest
 * first. Dates are YYYY-MM-DD or null for no limit.
 * @throws HttpError (401: the giver's session has ended), NetworkError, TimeoutError, ContractError.
 */
export async function giverHistory(
  token: string,
  body: { startDate: string | null; endDate: string | null; userId: string; tenantId: string },
  signal?: AbortSignal,
): Promise<TGiverContribution[]> {
  const path = '/mobile/v1/PaymentForm/contributions';
  const answer = await send(path, {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${token}` },
    allowUnauthorized: true,
    signal,
  });
  return check<TGiverContribution[]>(path, answer, (v) => Array.isArray(v) && v.every(isContribution));
}

const isStatusAnswer = (v: unknown): boolean => isRecord(v) && typeof v.status === 'boolean' && isText(v.response);

/**
 * POST /mobile/v1/Account/ForgotPassword: e-mails a reset link when the address has a giver
 * account at the church of `paymentFormId`. Always answers the same words (no account probing).
 * @throws HttpError (400, 429), NetworkError, TimeoutError, ContractError.
 */
export async function giverForgotPassword(body: {
  email: string;
  paymentFormId?: string;
  tenantId?: string;
}): Promise<{ status: boolean; response: string }> {
  const path = '/mobile/v1/Account/ForgotPassword';
  const answer = await send(path, { method: 'POST', body, allowUnauthorized: true });
  return check(path, answer, isStatusAnswer);
}

/**
 * POST /mobile/v1/Account/ResetPassword: sets a new password with the e-mailed link's token.
 * @throws HttpError (400 token not valid any more, or the password's rule), NetworkError, TimeoutError, ContractError.
 */
export async function giverResetPassword(body: {
  token: string;
  password: string;
}): Promise<{ status: boolean; response: string }> {
  const path = '/mobile/v1/Account/ResetPassword';
  const answer = await send(path, { method: 'POST', body, allowUnauthorized: true });
  return check(path, answer, isStatusAnswer);
}
