import { useQuery } from '@tanstack/react-query';
import { getCashBankAccounts, getIncomeAccounts, getRemittanceAccounts } from './accounts.ts';
import { getEventActivities, getEventCategories } from './events.ts';
import { getCountries, getCurrencies, getFxRates } from './lookups.ts';
import { getOfferingItems } from './offering-items.ts';
import { accountKeys, eventKeys, lookupKeys, offeringItemKeys } from './query-keys.ts';

/** Lookups change rarely: keep them for the session. */
const LOOKUP_STALE_MS = 60 * 60 * 1000;

export function useCurrencies() {
  return useQuery({ queryKey: lookupKeys.currencies(), queryFn: getCurrencies, staleTime: LOOKUP_STALE_MS });
}

export function useCountries() {
  return useQuery({ queryKey: lookupKeys.countries(), queryFn: getCountries, staleTime: LOOKUP_STALE_MS });
}

export function useFxRates() {
  return useQuery({ queryKey: lookupKeys.fxRates(), queryFn: getFxRates, staleTime: 10 * 60 * 1000 });
}

export function useIncomeAccounts() {
  return useQuery({ queryKey: accountKeys.income(), queryFn: getIncomeAccounts });
}

export function useCashBankAccounts() {
  return useQuery({ queryKey: accountKeys.cashBank(), queryFn: getCashBankAccounts });
}

export function useRemittanceAccounts() {
  return useQuery({ queryKey: accountKeys.remittance(), queryFn: getRemittanceAccounts });
}

export function useOfferingItems() {
  return useQuery({ queryKey: offeringItemKeys.list(), queryFn: getOfferingItems });
}

export function useEventActivities() {
  return useQuery({ queryKey: eventKeys.activities(), queryFn: getEventActivities });
}

export function useEventCategories() {
  return useQuery({ queryKey: eventKeys.categories(), queryFn: getEventCategories });
}
