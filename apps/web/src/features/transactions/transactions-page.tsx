import { DownOutlined, MinusCircleOutlined, PlusCircleOutlined } from '@ant-design/icons';
import type { TTransactionRecord } from '@steward/contracts/finance';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { AccountModal } from '../chart-of-accounts/account-modal.tsx';
import { AccountRegister } from './account-register.tsx';
import { AccountSelector } from './account-selector.tsx';
import { TransactionDrawer, type PanelTarget } from './transaction-drawer.tsx';
import { TransactionsTable } from './transactions-table.tsx';

/**
 * /tenant/transactions (spec 2.8; the spec gives no route): Add Income, Add Expense and More →
 * General Ledger; the cash/bank account selector with the total balance; the finance table of
 * every document under 'All Accounts', or, once an account is chosen, its register (every
 * posting on it with the running balance; issue 7); the edit side panel; and the 'Add an
 * account' modal from the selector's 'Add a new account'.
 */
export function TransactionsPage() {
  const [accountId, setAccountId] = useState<string | null>(null);
  const [panel, setPanel] = useState<PanelTarget | null>(null);
  const [addingAccount, setAddingAccount] = useState(false);

  return (
    <>
      <PageHeader
        title="Transactions"
        actions={
          <>
            <Button
              type="primary"
              icon={<PlusCircleOutlined aria-hidden />}
              onClick={() => setPanel({ mode: 'new', kind: 'income' })}
            >
              Add Income
            </Button>
            <Button
              icon={<MinusCircleOutlined aria-hidden />}
              onClick={() => setPanel({ mode: 'new', kind: 'expense' })}
            >
              Add Expense
            </Button>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [{ key: 'journal', label: 'General Ledger' }],
                onClick: () => setPanel({ mode: 'new', kind: 'journal' }),
              }}
            >
              <Button>
                More <DownOutlined aria-hidden />
              </Button>
            </Dropdown>
          </>
        }
      />
      <AccountSelector value={accountId} onChange={setAccountId} onAddAccount={() => setAddingAccount(true)} />
      {accountId ? (
        <AccountRegister
          key={accountId}
          accountId={accountId}
          onOpenDocument={(record) => setPanel({ mode: 'edit', record })}
        />
      ) : (
        <TransactionsTable
          accountId={accountId}
          onOpen={(record: TTransactionRecord) => setPanel({ mode: 'edit', record })}
        />
      )}
      <TransactionDrawer target={panel} defaultCashAccountId={accountId} onClose={() => setPanel(null)} />
      <AccountModal
        open={addingAccount}
        onClose={() => setAddingAccount(false)}
        onSaved={(account) => {
          if (account.isCashBank) setAccountId(account.id);
        }}
      />
    </>
  );
}
