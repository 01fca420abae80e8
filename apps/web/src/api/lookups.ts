import { ZCountry, ZCurrency, ZFxRates, ZTenantCurrency } from '@steward/contracts/lookups';
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

/** GET /fxRates: units per 1 USD keyed 'usd' + lowercase code. */
export function getFxRates() {
  return request('/fxRates', ZFxRates);
}
