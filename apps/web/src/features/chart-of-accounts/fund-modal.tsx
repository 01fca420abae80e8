import type { TAccount } from '@steward/contracts/chart';
import { FUND_TYPES } from '@steward/contracts/ledger';
import { MESSAGES } from '@steward/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { saveAccount, saveFund } from '../../api/chart.ts';
import { NetworkError, serverMessageOf } from '../../api/http.ts';
import { accountKeys } from '../../api/query-keys.ts';
import { useToast } from '../../components/use-toast.ts';
import { CHART_MESSAGES, CHART_TOAST_SECONDS } from './chart-messages.ts';

type FundType = 0 | 1;

interface FundModalProps {
  open: boolean;
  /** Edit mode: the fund's equity account. */
  account?: TAccount | null;
  /** Create mode: the equity head the fund goes under. */
  headId?: string | null;
  onClose: () => void;
}

/**
 * The 'Add Fund' modal of the Fund [Equity] tab (spec 2.10): fund type ('Unrestricted Funds' 0,
 * 'Donor Restricted Funds' 1) and fund name; Save stays disabled until both are set and spins
 * while saving. Creation posts Funds/Save; editing an existing fund account puts Accounts/Save.
 */
export function FundModal({ open, account, headId, onClose }: FundModalProps) {
  return (
    <Modal
      open={open}
      title={account ? 'Edit Fund' : 'Add Fund'}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={480}
    >
      {open ? <FundForm account={account ?? null} headId={headId ?? null} onClose={onClose} /> : null}
    </Modal>
  );
}

function asFundType(v: number | null | undefined): FundType | null {
  return v === 0 || v === 1 ? v : null;
}

function FundForm({
  account,
  headId,
  onClose,
}: {
  account: TAccount | null;
  headId: string | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [fundType, setFundType] = useState<FundType | null>(asFundType(account?.fundType));
  const [name, setName] = useState(account?.name ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const editing = account !== null;
  const failed = editing ? CHART_MESSAGES.accountUpdateFailed : CHART_MESSAGES.fundCreateFailed;

  const mutation = useMutation({
    mutationFn: async ({ type, fundName }: { type: FundType; fundName: string }) => {
      if (!account) {
        const res = await saveFund({ name: fundName, fundType: type, financialAccountGroupID: headId ?? undefined });
        return { status: res.status, response: res.response, created: true };
      }
      const res = await saveAccount({
        id: account.id,
        name: fundName,
        fundType: type,
        code: account.code,
        description: account.description,
        accountType: account.accountType,
        financialAccountGroupID: account.financialAccountGroupID ?? undefined,
        currencyID: account.currencyID,
      });
      return { status: res.status, response: res.response, created: false };
    },
    onSuccess: async (res, { fundName }) => {
      if (!res.status) {
        toast.error(failed, CHART_TOAST_SECONDS);
        setProblem(res.response || null);
        return;
      }
      toast.success(
        res.created ? CHART_MESSAGES.fundCreated(fundName) : res.response || CHART_MESSAGES.accountUpdated(fundName),
        CHART_TOAST_SECONDS,
      );
      onClose();
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
    onError: (err) => {
      toast.error(failed, CHART_TOAST_SECONDS);
      setProblem(err instanceof NetworkError ? MESSAGES.networkDisrupted : serverMessageOf(err));
    },
  });

  const trimmed = name.trim();
  const canSave = fundType !== null && trimmed.length > 0;
  const save = () => {
    if (fundType === null || !trimmed) return;
    mutation.mutate({ type: fundType, fundName: trimmed });
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <label htmlFor="fund-type" style={{ display: 'block', marginBottom: 6 }}>
        Fund type
      </label>
      <Select<FundType>
        id="fund-type"
        aria-label="Fund type"
        placeholder="Select fund type"
        value={fundType ?? undefined}
        onChange={(v) => {
          setFundType(v);
          setProblem(null);
        }}
        options={FUND_TYPES.map((t) => ({ value: t.id, label: t.name }))}
        style={{ width: '100%', marginBottom: 16 }}
      />
      <label htmlFor="fund-name" style={{ display: 'block', marginBottom: 6 }}>
        Fund name
      </label>
      <Input
        id="fund-name"
        value={name}
        maxLength={120}
        placeholder="e.g. Building Fund"
        onChange={(e) => {
          setName(e.target.value);
          setProblem(null);
        }}
      />
      {problem ? <Alert type="error" showIcon title={problem} style={{ marginTop: 16 }} /> : null}
      <Flex justify="flex-end" gap={8} style={{ marginTop: 24 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" htmlType="submit" disabled={!canSave} loading={mutation.isPending}>
          Save
        </Button>
      </Flex>
    </form>
  );
}
