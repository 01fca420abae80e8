import { DownOutlined, MinusCircleOutlined, PlusCircleOutlined } from '@ant-design/icons';
import type { TTransactionRecord } from '@steward/contracts/finance';
import { Button, Dropdown } from 'antd';
import { useEffect, useRef, useState } from 'react';
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
  // The control that opened the panel (a row, a button): it gets the focus back when the panel
  // has closed, so a keyboard user goes on from where they were.
  const opener = useRef<HTMLElement | null>(null);
  const openPanel = (target: PanelTarget) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setPanel(target);
  };
  // Returned as the panel starts to close: the panel's own hand-back waits for the end of its
  // closing animation, which does not always come (after a save it was often lost).
  useEffect(() => {
    if (panel !== null) return;
    const element = opener.current;
    opener.current = null;
    if (element?.isConnected && document.activeElement !== element) element.focus({ preventScroll: true });
  }, [panel]);
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
              onClick={() => openPanel({ mode: 'new', kind: 'income' })}
            >
              Add Income
            </Button>
            <Button
              icon={<MinusCircleOutlined aria-hidden />}
              onClick={() => openPanel({ mode: 'new', kind: 'expense' })}
            >
              Add Expense
            </Button>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [{ key: 'journal', label: 'General Ledger' }],
                onClick: () => openPanel({ mode: 'new', kind: 'journal' }),
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
          onOpenDocument={(record) => openPanel({ mode: 'edit', record })}
        />
      ) : (
        <TransactionsTable
          accountId={accountId}
          onOpen={(record: TTransactionRecord) => openPanel({ mode: 'edit', record })}
        />
      )}
      <TransactionDrawer target={panel} defaultCashAccountId={accountId} onClose={() => setPanel(null)} returnsFocus />
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
