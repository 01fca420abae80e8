import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import { currencySymbol, listCurrencies, type CurrencyInfo } from '@steward/money/currency';
import type { TCountry, TCurrency } from '@steward/contracts/lookups';

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/en.json') as countries.LocaleData);

let currencyList: TCurrency[] | undefined;
let countryList: TCountry[] | undefined;

const titleCase = (s: string) => s.replace(/\b([a-z])/g, (m) => m.toUpperCase());

/** ISO 4217 currencies (from currency-codes) with their first country and symbol. */
export function allCurrencies(): TCurrency[] {
  currencyList ??= listCurrencies().map((c: CurrencyInfo) => {
    const country = titleCase(c.countries[0] ?? '');
    return {
      id: c.number,
      shortCode: c.code,
      name: c.name,
      country,
      displayName: country ? `${c.code} - ${country}` : c.code,
      decimals: c.decimals,
      symbol: currencySymbol(c.code),
    };
  });
  return currencyList;
}

/** ISO 3166 countries (from i18n-iso-countries) with the currency they use, where known. */
export function allCountries(): TCountry[] {
  if (countryList) return countryList;
  const byCountryName = new Map<string, string>();
  for (const c of listCurrencies()) for (const name of c.countries) byCountryName.set(name.toLowerCase(), c.code);
  const names = countries.getNames('en', { select: 'all' });
  countryList = Object.entries(names)
    .map(([alpha2, all]) => {
      const currency = all.map((n) => byCountryName.get(n.toLowerCase())).find(Boolean) ?? '';
      return { id: Number(countries.alpha2ToNumeric(alpha2)), code: alpha2, name: all[0] ?? alpha2, currency };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return countryList;
}

export const findCurrencyByCode = (code: string) => allCurrencies().find((c) => c.shortCode === code.toUpperCase());
export const findCurrencyById = (id: number) => allCurrencies().find((c) => c.id === id);
export const findCountry = (alpha2: string) => allCountries().find((c) => c.code === alpha2.toUpperCase());
