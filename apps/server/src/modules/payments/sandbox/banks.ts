import { createHash } from 'node:crypto';

/**
 * The sandbox's banks and account holders (issue 10 'A local provider sandbox'): a realistic
 * handful of Nigerian banks (CBN/NIBSS codes, as Paystack and Flutterwave list them) and Ghanaian
 * banks (GhIPSS codes), and a deterministic account holder for any account number.
 */

export interface SandboxBank {
  id: number;
  code: string;
  name: string;
  /** ISO 3166 alpha-2 */
  country: 'NG' | 'GH';
}

export const SANDBOX_BANKS: readonly SandboxBank[] = [
  { id: 1, code: '044', name: 'Access Bank', country: 'NG' },
  { id: 2, code: '023', name: 'Citibank Nigeria', country: 'NG' },
  { id: 3, code: '050', name: 'Ecobank Nigeria', country: 'NG' },
  { id: 4, code: '070', name: 'Fidelity Bank', country: 'NG' },
  { id: 5, code: '011', name: 'First Bank of Nigeria', country: 'NG' },
  { id: 6, code: '214', name: 'First City Monument Bank', country: 'NG' },
  { id: 7, code: '058', name: 'Guaranty Trust Bank', country: 'NG' },
  { id: 8, code: '030', name: 'Heritage Bank', country: 'NG' },
  { id: 9, code: '082', name: 'Keystone Bank', country: 'NG' },
  { id: 10, code: '50211', name: 'Kuda Bank', country: 'NG' },
  { id: 11, code: '50515', name: 'Moniepoint MFB', country: 'NG' },
  { id: 12, code: '999992', name: 'OPay Digital Services Limited (OPay)', country: 'NG' },
  { id: 13, code: '076', name: 'Polaris Bank', country: 'NG' },
  { id: 14, code: '101', name: 'Providus Bank', country: 'NG' },
  { id: 15, code: '221', name: 'Stanbic IBTC Bank', country: 'NG' },
  { id: 16, code: '068', name: 'Standard Chartered Bank', country: 'NG' },
  { id: 17, code: '232', name: 'Sterling Bank', country: 'NG' },
  { id: 18, code: '032', name: 'Union Bank of Nigeria', country: 'NG' },
  { id: 19, code: '033', name: 'United Bank For Africa', country: 'NG' },
  { id: 20, code: '215', name: 'Unity Bank', country: 'NG' },
  { id: 21, code: '035', name: 'Wema Bank', country: 'NG' },
  { id: 22, code: '057', name: 'Zenith Bank', country: 'NG' },
  { id: 31, code: '030100', name: 'Absa Bank Ghana Limited', country: 'GH' },
  { id: 32, code: '280100', name: 'Access Bank Ghana', country: 'GH' },
  { id: 33, code: '140100', name: 'CalBank PLC', country: 'GH' },
  { id: 34, code: '130100', name: 'Ecobank Ghana Limited', country: 'GH' },
  { id: 35, code: '240100', name: 'Fidelity Bank Ghana Limited', country: 'GH' },
  { id: 36, code: '040100', name: 'GCB Bank Limited', country: 'GH' },
  { id: 37, code: '190100', name: 'Stanbic Bank Ghana Limited', country: 'GH' },
  { id: 38, code: '020100', name: 'Standard Chartered Bank Ghana Limited', country: 'GH' },
  { id: 39, code: '120100', name: 'Zenith Bank Ghana Limited', country: 'GH' },
];

export const bankByCode = (code: string): SandboxBank | undefined => SANDBOX_BANKS.find((b) => b.code === code);

/** Account holders the sandbox always knows (the demo church's account among them). */
const KNOWN_ACCOUNTS: Record<string, string> = {
  '0123456789': 'GRACE CHAPEL INTERNATIONAL',
  '0690000032': 'PASTOR BRIGHT',
  '1234567890': 'STEWARD DEMO CHURCH',
};

const FIRST = ['ADAEZE', 'BABATUNDE', 'CHIDINMA', 'DAVID', 'EMEKA', 'FUNMILAYO', 'GRACE', 'HALIMA', 'IFEANYI', 'JOY'];
const LAST = ['ADEYEMI', 'BELLO', 'CHUKWU', 'DANJUMA', 'EZE', 'FASHOLA', 'GARBA', 'IBRAHIM', 'NWOSU', 'OKAFOR'];
const MIDDLE = ['AMAKA', 'KEHINDE', 'NGOZI', 'OLUWASEUN', 'TEMITOPE', 'UCHE', 'YETUNDE', 'ZAINAB'];

/**
 * The holder of `accountNumber` at `bankCode`, or null when it does not resolve: an unknown bank,
 * an account number that is not 10 digits (Nigeria's NUBAN) or 10 to 16 digits (Ghana), or one
 * ending in 0000. The same account always has the same holder.
 */
export function accountHolder(bankCode: string, accountNumber: string): string | null {
  const bank = bankByCode(bankCode);
  if (!bank) return null;
  const valid = bank.country === 'NG' ? /^\d{10}$/.test(accountNumber) : /^\d{10,16}$/.test(accountNumber);
  if (!valid || accountNumber.endsWith('0000')) return null;
  const known = KNOWN_ACCOUNTS[accountNumber];
  if (known) return known;
  const h = createHash('sha256').update(`${bankCode}:${accountNumber}`).digest();
  return `${LAST[h[0]! % LAST.length]} ${FIRST[h[1]! % FIRST.length]} ${MIDDLE[h[2]! % MIDDLE.length]}`;
}

/** A deterministic provider code for a subaccount (survives a sandbox restart). */
export function subaccountCode(prefix: 'ACCT_' | 'RS_', bankCode: string, accountNumber: string, n: number): string {
  const h = createHash('sha256').update(`${prefix}${bankCode}:${accountNumber}:${n}`).digest('hex');
  return prefix === 'ACCT_' ? `ACCT_${h.slice(0, 15)}` : `RS_${h.slice(0, 32).toUpperCase()}`;
}
