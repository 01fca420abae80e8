import type { TAccount, TAccountSave } from '@steward/contracts/chart';
import { MESSAGES } from '@steward/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { saveAccount } from '../../api/chart.ts';
import { HttpError, NetworkError } from '../../api/http.ts';
import { useCurrencies, useFxRates } from '../../api/queries.ts';
import { accountKeys } from '../../api/query-keys.ts';
import { useTenantCurrency } from '../../app/current-user.ts';
import { currenciesWithRate, NO_RATE_CURRENCY_TEXT } from '../../components/currency-options.ts';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { useToast } from '../../components/use-toast.ts';
import { CHART_MESSAGES, CHART_TOAST_SECONDS } from './chart-messages.ts';
import { headOptionGroups } from './chart-model.ts';
import { useAccountHeads } from './chart-queries.ts';

interface AccountModalProps {
  open: boolean;
  /** Edit mode: the account opened. */
  account?: TAccount | null;
  /** Create mode: the head the modal starts on (a head's 'Add a new Account' link). */
  presetHeadId?: string | null;
  onClose: () => void;
  onSaved?: (account: TAccount) => void;
}

interface AccountValues {
  headId?: string;
  name?: string;
  currencyID?: number;
  code?: string;
  description?: string;
}

/** Server field → form field, to show a 400 answer's `errors[]` under the right input. */
const FIELD_OF: Record<string, keyof AccountValues> = {
  name: 'name',
  code: 'code',
  description: 'description',
  currencyID: 'currencyID',
  accountType: 'headId',
  financialAccountGroupID: 'headId',
};

/**
 * The 'Add an account' modal (spec 2.8, 2.10): Account Type (a head, required, searchable, grouped
 * by type), Account Name (required), Account Currency ('NGN - Nigeria', default the tenant
 * currency), Account ID (code), Description; Close and Save. Edit mode when opened on an account.
 */
export function AccountModal({ open, account, presetHeadId, onClose, onSaved }: AccountModalProps) {
  const editing = Boolean(account);
  return (
    <Modal
      open={open}
      title={editing ? 'Edit account' : 'Add an account'}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={560}
      // The footer has the spec's 'Close' button; the corner icon gets another name.
      closable={{ 'aria-label': 'Close dialog' }}
    >
      {open ? (
        <AccountForm
          account={account ?? null}
          presetHeadId={presetHeadId ?? null}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Modal>
  );
}

function AccountForm({
  account,
  presetHeadId,
  onClose,
  onSaved,
}: {
  account: TAccount | null;
  presetHeadId: string | null;
  onClose: () => void;
  onSaved?: ((account: TAccount) => void) | undefined;
}) {
  const [form] = Form.useForm<AccountValues>();
  const toast = useToast();
  const queryClient = useQueryClient();
  const heads = useAccountHeads();
  const currencies = useCurrencies();
  // offered: the currencies with a stored exchange rate (issue 7), so posting never fails for one
  const rates = useFxRates();
  const tenant = useTenantCurrency();
  const [problem, setProblem] = useState<string | null>(null);
  const [missing, setMissing] = useState({ head: false, name: false });
  const editing = account !== null;
  const failed = editing ? CHART_MESSAGES.accountUpdateFailed : CHART_MESSAGES.accountCreateFailed;

  const mutation = useMutation({
    mutationFn: saveAccount,
    onSuccess: async (res, body) => {
      if (!res.status) {
        toast.error(failed, CHART_TOAST_SECONDS);
        setProblem(res.response || null);
        return;
      }
      toast.success(
        editing
          ? res.response || CHART_MESSAGES.accountUpdated(body.name)
          : CHART_MESSAGES.accountCreated(res.returnObject.name),
        CHART_TOAST_SECONDS,
      );
      onSaved?.(res.returnObject);
      onClose();
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
    onError: (err) => {
      toast.error(failed, CHART_TOAST_SECONDS);
      if (err instanceof NetworkError) return setProblem(MESSAGES.networkDisrupted);
      if (err instanceof HttpError) {
        const known = err.fieldErrors.filter((e) => FIELD_OF[e.field]);
        form.setFields(known.map((e) => ({ name: FIELD_OF[e.field]!, errors: [e.message] })));
        const rest = err.fieldErrors.filter((e) => !FIELD_OF[e.field]).map((e) => `${e.field}: ${e.message}`);
        return setProblem(rest.length > 0 ? rest.join('; ') : known.length > 0 ? null : err.serverMessage);
      }
      setProblem(null);
    },
  });

  if (heads.isPending || currencies.isPending) return <PageSkeleton rows={5} />;
  if (heads.isError || currencies.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={
          (heads.isError && heads.error instanceof NetworkError) ||
          (currencies.isError && currencies.error instanceof NetworkError)
            ? MESSAGES.networkDisrupted
            : 'The account types could not be loaded.'
        }
      />
    );

  const initial: AccountValues = account
    ? {
        headId: account.financialAccountGroupID ?? undefined,
        name: account.name,
        currencyID: account.currencyID,
        code: account.code,
        description: account.description,
      }
    : { headId: presetHeadId ?? undefined, currencyID: tenant.id ?? undefined, code: '', description: '' };

  const save = () => {
    const v = form.getFieldsValue();
    const head = heads.data.find((h) => h.id === v.headId);
    const name = (v.name ?? '').trim();
    if (!head || !name) {
      setProblem(CHART_MESSAGES.accountRequired);
      setMissing({ head: !head, name: !name });
      return;
    }
    setProblem(null);
    const body: TAccountSave = {
      ...(account ? { id: account.id } : {}),
      name,
      code: (v.code ?? '').trim(),
      description: (v.description ?? '').trim(),
      accountType: head.accountType,
      financialAccountGroupID: head.id,
      ...(v.currencyID ? { currencyID: v.currencyID } : {}),
      ...(account?.fundType === 0 || account?.fundType === 1 ? { fundType: account.fundType } : {}),
    };
    mutation.mutate(body);
  };

  return (
    <Form<AccountValues>
      form={form}
      name={editing ? 'edit-account' : 'add-account'}
      layout="vertical"
      initialValues={initial}
      onFinish={save}
      onValuesChange={() => {
        setProblem(null);
        setMissing({ head: false, name: false });
      }}
    >
      <Form.Item label="Account Type" name="headId" required validateStatus={missing.head ? 'error' : undefined}>
        <Select
          placeholder="Select account type"
          showSearch={{ optionFilterProp: 'label' }}
          options={headOptionGroups(heads.data)}
        />
      </Form.Item>
      <Form.Item label="Account Name" name="name" required validateStatus={missing.name ? 'error' : undefined}>
        <Input placeholder="e.g. Building Fund Account" maxLength={120} />
      </Form.Item>
      <Form.Item label="Account Currency" name="currencyID">
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={currenciesWithRate(currencies.data, rates.data, [account?.currencyID, tenant.id]).map((c) => ({
            value: c.id,
            label: c.displayName,
          }))}
          notFoundContent={NO_RATE_CURRENCY_TEXT}
        />
      </Form.Item>
      <Form.Item label="Account ID" name="code">
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item label="Description" name="description">
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
      {problem ? <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} /> : null}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onClose}>Close</Button>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          Save
        </Button>
      </div>
    </Form>
  );
}
