import { boolean, date, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** ISO 4217 currencies; `id` is the ISO numeric code (NGN = 566). Reference table. */
export const currencies = pgTable('currencies', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  decimals: integer('decimals').notNull(),
  country: text('country').notNull(),
});

/** ISO 3166 countries; `id` is the ISO numeric code. Reference table. */
export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  currencyCode: text('currency_code'),
});

/** Units of `currency_code` per 1 USD on `rate_date`, from `source`. Reference table. */
export const fxRates = pgTable(
  'fx_rates',
  {
    currencyCode: text('currency_code').notNull(),
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    unitsPerUsd: numeric('units_per_usd', { precision: 24, scale: 10 }).notNull(),
    source: text('source').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.currencyCode, t.rateDate] })],
);

/** Nigerian/Ghanaian banks for payment forms (reference). */
export const banks = pgTable('banks', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull(),
  countryCode: text('country_code').notNull(),
});

/** Card payment providers (reference): Paystack, Flutterwave. */
export const paymentGateways = pgTable('payment_gateways', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  countryCoverageArea: text('country_coverage_area').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  isSubAccountSupported: boolean('is_sub_account_supported').notNull().default(false),
});
