import type { TCurrentUser } from '@steward/contracts/auth';
import { createContext, useContext } from 'react';
import { useCurrencies } from '../api/queries.ts';

/** The signed-in user, provided by the auth guard to everything under /tenant. */
export const CurrentUserContext = createContext<TCurrentUser | null>(null);

/** The signed-in user; only valid under the auth guard. */
export function useCurrentUser(): TCurrentUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser is used outside the /tenant auth guard');
  return user;
}

export interface TenantCurrency {
  /** ISO 4217 code, e.g. 'NGN'. */
  code: string;
  symbol: string;
  /** ISO 4217 numeric code (the API's currencyID); null until the currency list is loaded. */
  id: number | null;
}

/** The tenant's currency (code and symbol from the current user, id from the currency list). */
export function useTenantCurrency(): TenantCurrency {
  const user = useCurrentUser();
  const currencies = useCurrencies();
  const id = currencies.data?.find((c) => c.shortCode === user.currency)?.id ?? null;
  return { code: user.currency, symbol: user.currencySymbol, id };
}
