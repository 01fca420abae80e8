import {
  ZBankList,
  ZPaymentForm,
  ZPaymentFormDeleted,
  ZPaymentFormItemDeleted,
  ZPaymentFormList,
  ZPaymentFormSaved,
  ZPaymentGatewayList,
  ZResolveAccountAnswer,
  ZSubaccountList,
  type TPaymentFormCreateInput,
  type TPaymentFormUpdateInput,
} from '@steward/contracts/giving';
import { request } from './http.ts';

/*
 * Giving's admin calls (giving spec §7 'Payment forms and banks'; existing-client-api §3.1),
 * one typed function each, every answer checked against packages/contracts/src/giving.ts.
 */

/** TanStack Query keys of the payment form screens; mutations invalidate `all`. */
export const givingKeys = {
  all: ['giving'] as const,
  forms: (search: string) => [...givingKeys.all, 'forms', search] as const,
  form: (id: string) => [...givingKeys.all, 'form', id] as const,
  banks: () => [...givingKeys.all, 'banks'] as const,
  gateways: () => [...givingKeys.all, 'gateways'] as const,
  subaccounts: (accountNumber: string) => [...givingKeys.all, 'subaccounts', accountNumber] as const,
};

/**
 * GET /api/PaymentForm/GetAll[?search=]: the church's forms, newest first, bare array of
 * `{id, name, bank, bankID, date, isActive}`; `search` keeps those whose name or bank contains it.
 */
export function getPaymentForms(search = '') {
  return request('/api/PaymentForm/GetAll', ZPaymentFormList, { query: { search: search.trim() || undefined } });
}

/** GET /api/PaymentForm/GetOne?paymentFormID=: the form with items, gateways, links and QR code (404 when not the church's). */
export function getPaymentForm(id: string) {
  return request('/api/PaymentForm/GetOne', ZPaymentForm, { query: { paymentFormID: id } });
}

/**
 * POST /api/PaymentForm/newpaymentform: creates a form; answers the envelope with `id`. 400
 * names the field at fault; 503 when FlutterWave could not create a subaccount (nothing saved).
 */
export function createPaymentForm(body: TPaymentFormCreateInput) {
  return request('/api/PaymentForm/newpaymentform', ZPaymentFormSaved, { method: 'POST', body });
}

/**
 * PUT /api/PaymentForm/update: the create body plus `id`, `removeContributionIDs` and
 * `removePaymentGatewayIDs` (row ids as GetOne gives them). Errors as for create, 404 for a form
 * not the church's.
 */
export function updatePaymentForm(body: TPaymentFormUpdateInput) {
  return request('/api/PaymentForm/update', ZPaymentFormSaved, { method: 'PUT', body });
}

/** DELETE /api/PaymentForm/Delete?paymentFormID=: deleted, or deactivated when it has payments (see `response`). */
export function deletePaymentForm(id: string) {
  return request('/api/PaymentForm/Delete', ZPaymentFormDeleted, { method: 'DELETE', query: { paymentFormID: id } });
}

/** DELETE /mobile/v1/PaymentForm/contributionItem?contributionItemID=: removes a saved item row (the row's id). */
export function deletePaymentFormItem(rowId: string) {
  return request('/mobile/v1/PaymentForm/contributionItem', ZPaymentFormItemDeleted, {
    method: 'DELETE',
    query: { contributionItemID: rowId },
  });
}

/** GET /api/Financials/GetBanks: the banks of the church's country `{id, name, code}`, by name. */
export function getBanks() {
  return request('/api/Financials/GetBanks', ZBankList);
}

/** GET /api/Financials/GetPaymentGateways: the active card payment gateways. */
export function getPaymentGateways() {
  return request('/api/Financials/GetPaymentGateways', ZPaymentGatewayList);
}

/**
 * GET /api/Financials/ResolveAccount?accountNumber=&bankCode=: the account holder's name, asked
 * of the providers by Steward's server (keys never reach the browser). 400 names accountNumber
 * with the provider's message when it does not resolve; 429 past 30 checks a minute; 503 when
 * no provider can be reached.
 */
export function resolveAccount(accountNumber: string, bankCode: string) {
  return request('/api/Financials/ResolveAccount', ZResolveAccountAnswer, { query: { accountNumber, bankCode } });
}

/** GET /api/PaymentForm/subaccounts?accountNumber=: FlutterWave subaccounts of that account number (bare array). */
export function getSubaccounts(accountNumber: string) {
  return request('/api/PaymentForm/subaccounts', ZSubaccountList, { query: { accountNumber } });
}
