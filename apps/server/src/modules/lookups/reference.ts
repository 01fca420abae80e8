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
    const country = issuingCountry(c);
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

/**
 * The country a currency belongs to for display ('NGN - Nigeria', 'USD - United States'):
 * an ISO 4217 code starts with its issuer's ISO 3166 alpha-2 code; a shared currency with no
 * such country (EUR, XOF) shows its own name.
 */
function issuingCountry(c: CurrencyInfo): string {
  const alpha2 = c.code.slice(0, 2);
  const name = countries.getName(alpha2, 'en');
  if (
    name &&
    c.countries.some(
      (n) => countries.getAlpha2Code(n, 'en') === alpha2 || n.toLowerCase().startsWith(name.toLowerCase().slice(0, 6)),
    )
  ) {
    return name;
  }
  if (name && c.countries.length === 1) return name;
  return c.countries.length === 1 ? titleCase(c.countries[0]!) : c.name;
}

/** ISO 3166 countries (from i18n-iso-countries) with the currency they use, where known. */
export function allCountries(): TCountry[] {
  if (countryList) return countryList;
  const byCountryName = new Map<string, string>();
  // ISO 4217 writes 'United States Of America (The)', 'Gambia (The)': compare without '(the)'
  const key = (name: string) => name.toLowerCase().replace(/\s*\(the\)\s*$/, '');
  for (const c of listCurrencies()) for (const name of c.countries) byCountryName.set(key(name), c.code);
  const names = countries.getNames('en', { select: 'all' });
  countryList = Object.entries(names)
    .map(([alpha2, all]) => {
      const currency = all.map((n) => byCountryName.get(key(n))).find(Boolean) ?? '';
      const currencyId = currency ? (listCurrencies().find((c) => c.code === currency)?.number ?? 0) : 0;
      return {
        id: Number(countries.alpha2ToNumeric(alpha2)),
        code: alpha2,
        name: all[0] ?? alpha2,
        currency,
        currencyId,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return countryList;
}

export const findCurrencyByCode = (code: string) => allCurrencies().find((c) => c.shortCode === code.toUpperCase());
export const findCurrencyById = (id: number) => allCurrencies().find((c) => c.id === id);
export const findCountry = (alpha2: string) => allCountries().find((c) => c.code === alpha2.toUpperCase());
