import { ZSaveChurchFxRateAnswer, type TSaveChurchFxRate } from '@steward/contracts/church-fx-rates';
import { ZCountry, ZCurrency, ZFxRates, ZHowYouHeard, ZLookUpGroup, ZTenantCurrency } from '@steward/contracts/lookups';
import { z } from 'zod';
import { request } from './http.ts';

/** GET /api/lookup/getallcurrencies: id is the ISO 4217 numeric code. */
export function getCurrencies() {
  return request('/api/lookup/getallcurrencies', z.array(ZCurrency));
}

/** GET /api/getallcountries. */
export function getCountries() {
  return request('/api/getallcountries', z.array(ZCountry));
}

/** GET /api/Lookup/TenantCurrency?tenantID= */
export function getTenantCurrency(tenantId: string) {
  return request('/api/Lookup/TenantCurrency', ZTenantCurrency, { query: { tenantID: tenantId } });
}

/**
 * GET /fxRates: units per 1 USD keyed 'usd' + lowercase code. Signed in (the session cookie goes
 * with it), the church's own rates are merged over the global ones, as posting uses them.
 */
export function getFxRates() {
  return request('/fxRates', ZFxRates);
}

/**
 * POST /api/Financials/ExchangeRates (issue 7, part 4): an administrator enters the church's rate
 * of a currency, `{currencyCode, unitsPerUsd, rateDate}` (units per 1 USD, 'YYYY-MM-DD').
 * Answers the envelope with the saved rate; 400 names the field, 403 for a non-administrator.
 */
export function saveChurchFxRate(body: TSaveChurchFxRate) {
  return request('/api/Financials/ExchangeRates', ZSaveChurchFxRateAnswer, { method: 'POST', body });
}

/** GET /api/LookUp/GetAllLookUps: the people lookups (Gender, MaritalStatus, Outcome, ActivityType). */
export function getAllLookUps() {
  return request('/api/LookUp/GetAllLookUps', z.array(ZLookUpGroup));
}

/** GET /api/membership/howyouheardaboutus: how a guest heard of the church. */
export function getHowYouHeard() {
  return request('/api/membership/howyouheardaboutus', z.array(ZHowYouHeard));
}
