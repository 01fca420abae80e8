import { PlusOutlined } from '@ant-design/icons';
import { MESSAGES } from '@steward/contracts/messages';
import { Flex, Select, Typography } from 'antd';
import { isNetworkError } from '../../api/http.ts';
import { useFxRates } from '../../api/queries.ts';
import { useTenantCurrency } from '../../app/current-user.ts';
import { formatAmount } from '../../components/format-amount.ts';
import { formatTwoDecimals, totalBalance } from './balance-model.ts';
import { FINANCE_MESSAGES } from './finance-messages.ts';
import { useCashBankBalances } from './finance-queries.ts';

const ALL = '__all__';
const ADD = '__add__';

interface AccountSelectorProps {
  /** The chosen cash/bank account; null for All Accounts. */
  value: string | null;
  onChange: (accountId: string | null) => void;
  onAddAccount: () => void;
}

/**
 * The Transaction page's account selector (spec 2.8): 'All Accounts', then the cash and bank
 * accounts with their balances, then 'Add a new account'. Beside it the total balance of the
 * cash and bank accounts in the tenant currency (converted with /fxRates), 2 decimals.
 */
export function AccountSelector({ value, onChange, onAddAccount }: AccountSelectorProps) {
  const balances = useCashBankBalances();
  const rates = useFxRates();
  const tenant = useTenantCurrency();
  const list = balances.data ?? [];

  const total = totalBalance(
    list.map((b) => ({ balance: b.balance, currency: b.currency.shortCode })),
    tenant.code,
    rates.data,
  );
  let totalText: string;
  if (balances.isPending) totalText = '…';
  else if (balances.isError)
    totalText = isNetworkError(balances.error) ? MESSAGES.networkDisrupted : 'Balances could not be loaded';
  else if (total.ok) totalText = formatTwoDecimals(total.minor, tenant.code);
  else totalText = rates.isPending ? 'Loading rates…' : `No exchange rate for ${total.missing}`;

  const options = [
    { value: ALL, label: FINANCE_MESSAGES.allAccounts, title: FINANCE_MESSAGES.allAccounts },
    ...list.map((b) => {
      const label = `${b.text} (${formatAmount(b.balance, b.currency.shortCode)})`;
      return { value: b.id, label, title: label };
    }),
    { value: ADD, label: FINANCE_MESSAGES.addAccount, title: FINANCE_MESSAGES.addAccount },
  ];

  return (
    <Flex gap={16} wrap align="center" justify="space-between" style={{ marginBottom: 16 }}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text id="account-selector-label">Account</Typography.Text>
        <Select<string>
          aria-labelledby="account-selector-label"
          value={value ?? ALL}
          loading={balances.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear={value !== null}
          onClear={() => onChange(null)}
          options={options}
          optionRender={(o) =>
            o.value === ADD ? (
              <span style={{ color: '#3b5bdb' }}>
                <PlusOutlined aria-hidden /> {FINANCE_MESSAGES.addAccount}
              </span>
            ) : (
              o.label
            )
          }
          onChange={(v) => {
            if (v === ADD) onAddAccount();
            else onChange(!v || v === ALL ? null : v);
          }}
          style={{ minWidth: 280 }}
        />
      </Flex>
      <div style={{ textAlign: 'right' }}>
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          Total balance ({tenant.code})
        </Typography.Text>
        <Typography.Text strong style={{ fontSize: 22 }} data-testid="total-balance">
          {totalText}
        </Typography.Text>
      </div>
    </Flex>
  );
}
