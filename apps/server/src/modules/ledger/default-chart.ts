import type { TAccountType } from '@steward/contracts/ledger';

/** One account of the default chart; `systemKey` lets services find it again. */
export interface DefaultAccount {
  code: string;
  name: string;
  description: string;
  isCashBank?: boolean;
  systemKey?: string;
  /** income accounts and the fund's equity account belong to the Unrestricted Funds fund */
  inUnrestrictedFund?: boolean;
}

export interface DefaultHead {
  name: string;
  isCashBank?: boolean;
  groupSubHead: string;
  accountType: TAccountType;
  accounts: DefaultAccount[];
}

/**
 * The chart of accounts every new church starts with (issue 2, step 1): asset heads with
 * Cash and Bank, a liability head, the equity heads 'Unrestricted Funds' (with the fund of
 * that name) and 'Donor Restricted Funds', the names the existing client maps to a fund type
 * (issue 7), income heads with
 * Offering, Tithe and Thanksgiving, and expense heads with common church expenses.
 */
export const DEFAULT_CHART: DefaultHead[] = [
  {
    name: 'Cash and Bank',
    isCashBank: true,
    groupSubHead: 'Current Assets',
    accountType: 'assets',
    accounts: [
      { code: '1000', name: 'Cash', description: 'Cash on hand and offering box', isCashBank: true, systemKey: 'cash' },
      { code: '1010', name: 'Bank', description: 'Main church bank account', isCashBank: true, systemKey: 'bank' },
    ],
  },
  {
    name: 'Fixed Assets',
    groupSubHead: 'Non-current Assets',
    accountType: 'assets',
    accounts: [
      { code: '1500', name: 'Buildings and Equipment', description: 'Church property, furniture and equipment' },
    ],
  },
  {
    name: 'Current Liabilities',
    groupSubHead: 'Payables',
    accountType: 'liability',
    accounts: [
      { code: '2000', name: 'Accounts Payable', description: 'Bills received and not yet paid' },
      { code: '2100', name: 'Remittances Payable', description: 'Shares due to the denomination or other bodies' },
    ],
  },
  // The existing client reads a fund's type from its equity head's name (existing-client-api
  // §7b 16): these two heads carry exactly those names. The first equity head holds the
  // Unrestricted Funds fund (ledger/service.ts createDefaultChart).
  {
    name: 'Unrestricted Funds',
    groupSubHead: 'Net Assets without Donor Restrictions',
    accountType: 'equity',
    accounts: [
      {
        code: '3000',
        name: 'Unrestricted Funds',
        description: 'General fund, free for any purpose',
        systemKey: 'unrestricted_fund',
        inUnrestrictedFund: true,
      },
    ],
  },
  {
    name: 'Donor Restricted Funds',
    groupSubHead: 'Net Assets with Donor Restrictions',
    accountType: 'equity',
    accounts: [],
  },
  {
    name: 'Offerings and Tithes',
    groupSubHead: 'Contributions',
    accountType: 'income',
    accounts: [
      {
        code: '4000',
        name: 'Offering',
        description: 'General offerings',
        systemKey: 'offering',
        inUnrestrictedFund: true,
      },
      { code: '4010', name: 'Tithe', description: 'Tithes', systemKey: 'tithe', inUnrestrictedFund: true },
      {
        code: '4020',
        name: 'Thanksgiving',
        description: 'Thanksgiving offerings',
        systemKey: 'thanksgiving',
        inUnrestrictedFund: true,
      },
    ],
  },
  {
    name: 'Other Income',
    groupSubHead: 'Other Revenue',
    accountType: 'income',
    accounts: [
      { code: '4100', name: 'Donations', description: 'Online and special donations', inUnrestrictedFund: true },
      {
        code: '4200',
        name: 'Event Registration Fees',
        description: 'Fees paid to register for events',
        inUnrestrictedFund: true,
      },
    ],
  },
  {
    name: 'Ministry Expenses',
    groupSubHead: 'Operating Expenses',
    accountType: 'expense',
    accounts: [
      { code: '5000', name: 'Salaries and Stipends', description: 'Staff and ministers' },
      { code: '5100', name: 'Utilities', description: 'Electricity, water, internet' },
      { code: '5200', name: 'Rent', description: 'Rent of premises' },
      { code: '5300', name: 'Outreach and Missions', description: 'Evangelism and missions' },
      { code: '5400', name: 'Welfare', description: 'Support to members in need' },
      { code: '5500', name: 'Maintenance and Repairs', description: 'Building and equipment upkeep' },
    ],
  },
  {
    name: 'Administrative Expenses',
    groupSubHead: 'Overheads',
    accountType: 'expense',
    accounts: [
      { code: '5600', name: 'Bank Charges', description: 'Bank and payment provider fees' },
      { code: '5700', name: 'Remittance to Headquarters', description: 'Shares sent to the denomination' },
      {
        code: '5900',
        name: 'FX Rounding Differences',
        description: 'Rounding on currency conversion',
        systemKey: 'fx_rounding',
      },
    ],
  },
  {
    name: 'Currency Exchange',
    groupSubHead: 'Clearing',
    accountType: 'equity',
    accounts: [
      {
        code: '3900',
        name: 'Currency Exchange',
        description: 'Clears entries that cross currencies, at the stored rate',
        systemKey: 'fx_clearing',
      },
    ],
  },
];
