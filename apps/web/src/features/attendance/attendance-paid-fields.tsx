import { LoadingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { getBanks, givingKeys } from '../../api/giving.ts';
import { useCashBankAccounts, useIncomeAccounts } from '../../api/queries.ts';
import { useTenantCurrency } from '../../app/current-user.ts';
import { shortBankName, shortCurrencyLabel } from './attendance-form-model.ts';
import { ATTENDANCE_TEXTS } from './attendance-texts.ts';

/** Filters a searchable select by its option's full name (`title`), any case. */
function byTitle(input: string, option?: { title?: unknown }): boolean {
  return String(option?.title ?? '')
    .toLowerCase()
    .includes(input.trim().toLowerCase());
}

/** The two account pickers of the Paid tab: the form field, label, placeholder and message of each. */
const ACCOUNT_PICKERS = {
  income: {
    name: 'incomeAccountId',
    label: 'Income Account',
    placeholder: 'Select income account',
    message: ATTENDANCE_TEXTS.chooseIncomeAccount,
  },
  cash: {
    name: 'cashAccountId',
    label: 'Cash Account',
    placeholder: 'Select cash account',
    message: ATTENDANCE_TEXTS.chooseCashAccount,
  },
} as const;

/**
 * A required, searchable account picker of the Paid tab: `income` lists the church's income
 * accounts (field `incomeAccountId`), `cash` its cash and bank accounts (`cashAccountId`).
 */
function AccountPicker({ kind }: { kind: keyof typeof ACCOUNT_PICKERS }) {
  const p = ACCOUNT_PICKERS[kind];
  // both lists are shared, cached queries (one request each for the two pickers)
  const income = useIncomeAccounts();
  const cash = useCashBankAccounts();
  const accounts = kind === 'income' ? income : cash;
  return (
    <Form.Item label={p.label} name={p.name} rules={[{ required: true, message: p.message }]}>
      <Select<string>
        placeholder={p.placeholder}
        loading={accounts.isPending}
        showSearch={{ filterOption: byTitle }}
        options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.text, title: a.text }))}
      />
    </Form.Item>
  );
}

interface PaidFieldsProps {
  /** runs the account-name check (account number blur, Enter) */
  onCheckAccount: () => void;
  checking: boolean;
}

/**
 * The Paid tab of Add Attendance (spec 2.9, §5): Amount (in the church currency, whose label is
 * cut at 15 characters), Bank (searchable; a name past 27 characters shows 27 and an
 * ellipsis), Account Number (its holder's name checked when it loses focus or on Enter),
 * Account Name (read only, filled by the check), Income Account and Cash Account.
 */
export function AttendancePaidFields({ onCheckAccount, checking }: PaidFieldsProps) {
  const currency = useTenantCurrency();
  const banks = useQuery({ queryKey: givingKeys.banks(), queryFn: getBanks, staleTime: 60 * 60 * 1000 });

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            label="Amount"
            name="amount"
            rules={[{ required: true, message: ATTENDANCE_TEXTS.enterAmount }]}
            extra={ATTENDANCE_TEXTS.amountHint}
          >
            <InputNumber<string>
              stringMode
              min="0.01"
              step="100"
              precision={2}
              prefix={shortCurrencyLabel(currency.code)}
              placeholder="0.00"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Bank" name="bankCode" rules={[{ required: true, message: ATTENDANCE_TEXTS.chooseBank }]}>
            <Select<string>
              placeholder="Search bank"
              loading={banks.isPending}
              allowClear
              showSearch={{ filterOption: byTitle }}
              options={(banks.data ?? []).map((b) => ({ value: b.code, label: shortBankName(b.name), title: b.name }))}
              notFoundContent={banks.isError ? ATTENDANCE_TEXTS.banksFailed : undefined}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            label="Account Number"
            name="accountNumber"
            rules={[{ required: true, whitespace: true, message: ATTENDANCE_TEXTS.enterAccountNumber }]}
          >
            <Input
              inputMode="numeric"
              autoComplete="off"
              maxLength={24}
              placeholder="e.g. 0123456789"
              onBlur={onCheckAccount}
              onPressEnter={(e) => {
                e.preventDefault();
                onCheckAccount();
              }}
              suffix={checking ? <LoadingOutlined aria-label={ATTENDANCE_TEXTS.checkingAccount} /> : <span />}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Account Name" name="accountName" extra={ATTENDANCE_TEXTS.accountNameHint}>
            <Input readOnly placeholder={checking ? ATTENDANCE_TEXTS.checkingAccount : ''} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <AccountPicker kind="income" />
        </Col>
        <Col xs={24} md={12}>
          <AccountPicker kind="cash" />
        </Col>
      </Row>
    </>
  );
}
