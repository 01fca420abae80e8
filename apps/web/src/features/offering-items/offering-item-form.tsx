import { ZContributionItemSave, ZPercentage, type TContributionItemDetail } from '@steward/contracts/offerings';
import { MESSAGES, TOAST_SECONDS } from '@steward/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Col, Flex, Form, Input, Row, Select } from 'antd';
import { useMemo } from 'react';
import { HttpError } from '../../api/http.ts';
import { saveOfferingItem } from '../../api/offering-items.ts';
import { useCashBankAccounts, useIncomeAccounts, useRemittanceAccounts } from '../../api/queries.ts';
import { offeringItemKeys } from '../../api/query-keys.ts';
import { useToast } from '../../components/use-toast.ts';
import { zodRule } from '../../components/zod-rule.ts';
import { NoAccountsDialog } from './no-accounts-dialog.tsx';
import {
  groupRemittanceAccounts,
  indexAccounts,
  toFormValues,
  toSavePayload,
  type OfferingItemValues,
} from './offering-item-model.ts';
import { RemittanceRows } from './remittance-rows.tsx';

export interface SavedItem {
  id: string;
  name: string;
}

interface OfferingItemFormProps {
  /** The item being edited (edit mode); absent for create. */
  initial?: TContributionItemDetail;
  /** 'page' (spec 2.5) or 'dialog' (the variant used from the recording screen: Save and Close). */
  variant: 'page' | 'dialog';
  onSaved: (item: SavedItem) => void;
  /** Close (dialog) or Cancel (page). */
  onClose: () => void;
}

function accountOptions(list: { id: string; text: string }[] | undefined) {
  return (list ?? []).map((a) => ({ value: a.id, label: a.text }));
}

function searchByLabel(input: string, option?: { label?: unknown }): boolean {
  return String(option?.label ?? '')
    .toLowerCase()
    .includes(input.trim().toLowerCase());
}

/**
 * The offering item form (spec 2.5), shared by the page and the dialog variant: Name, Income
 * Account, Cash Account and the optional 'Apply Split/Remittance' rows. Toasts: 'Contribution
 * Saved' (5 s in the dialog), 'Edit Successfully', failure 'Not Successful'.
 */
export function OfferingItemForm({ initial, variant, onSaved, onClose }: OfferingItemFormProps) {
  const [form] = Form.useForm<OfferingItemValues>();
  const toast = useToast();
  const queryClient = useQueryClient();
  const income = useIncomeAccounts();
  const cash = useCashBankAccounts();
  const remittanceAccounts = useRemittanceAccounts();
  const accountsById = useMemo(() => indexAccounts(remittanceAccounts.data), [remittanceAccounts.data]);
  const applyRemittance = Form.useWatch('applyRemittance', form) ?? false;
  const cashAccountId = Form.useWatch('cashAccountId', form);
  const incomeAccountId = Form.useWatch('incomeAccountId', form);
  const cashAccountName = cash.data?.find((a) => a.id === cashAccountId)?.text;
  const missing = {
    income: income.isSuccess && income.data.length === 0,
    cash: cash.isSuccess && cash.data.length === 0,
  };
  const noAccounts = missing.income || missing.cash;

  const mutation = useMutation({
    mutationFn: saveOfferingItem,
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: offeringItemKeys.all });
      if (!res.status) {
        toast.error(MESSAGES.offeringItemSaveFailed);
        return;
      }
      if (variant === 'dialog') toast.success(MESSAGES.offeringItemSaved, TOAST_SECONDS.info);
      else toast.success(initial ? MESSAGES.offeringItemEdited : MESSAGES.offeringItemSaved);
      onSaved(res.returnObject);
    },
    onError: (err) => {
      if (err instanceof HttpError && err.fieldErrors.some((f) => f.field === 'name')) {
        form.setFields([
          { name: 'name', errors: err.fieldErrors.filter((f) => f.field === 'name').map((f) => f.message) },
        ]);
      }
      toast.error(MESSAGES.offeringItemSaveFailed);
    },
  });

  const onFinish = (values: OfferingItemValues) => {
    if (!values.incomeAccountId || !values.cashAccountId) {
      toast.error(MESSAGES.selectIncomeAndCash);
      return;
    }
    const payload = toSavePayload(values, accountsById, initial?.id);
    const check = ZContributionItemSave.safeParse(payload);
    if (!check.success) {
      const over = check.error.issues.some((i) => i.path.length === 1 && i.path[0] === 'incomeRemittance');
      toast.error(
        over ? MESSAGES.remittanceOver100 : (check.error.issues[0]?.message ?? MESSAGES.offeringItemSaveFailed),
      );
      return;
    }
    mutation.mutate(payload);
  };

  const onFinishFailed = ({ values }: { values: OfferingItemValues }) => {
    if (!values.incomeAccountId || !values.cashAccountId) toast.error(MESSAGES.selectIncomeAndCash);
  };

  return (
    <>
      <Form<OfferingItemValues>
        form={form}
        layout="vertical"
        initialValues={toFormValues(initial)}
        onFinish={onFinish}
        onFinishFailed={onFinishFailed}
        aria-label="Offering item"
      >
        <Form.Item label="Name" name="name" required rules={[zodRule(ZContributionItemSave.shape.name)]}>
          <Input placeholder="e.g. Tithe" autoFocus={variant === 'dialog'} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="Income Account" name="incomeAccountId" required>
              <Select
                showSearch={{ filterOption: searchByLabel }}
                placeholder="Select income account"
                options={accountOptions(income.data)}
                loading={income.isPending}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Cash Account" name="cashAccountId" required>
              <Select
                showSearch={{ filterOption: searchByLabel }}
                placeholder="Select cash account"
                options={accountOptions(cash.data)}
                loading={cash.isPending}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="applyRemittance" valuePropName="checked" style={{ marginBottom: 12 }}>
          <Checkbox>Apply Split/Remittance</Checkbox>
        </Form.Item>
        {applyRemittance ? (
          <RemittanceRows
            form={form}
            groups={groupRemittanceAccounts(remittanceAccounts.data, [cashAccountId, incomeAccountId])}
            loading={remittanceAccounts.isPending}
            cashAccountName={cashAccountName}
            percentRule={zodRule(ZPercentage)}
          />
        ) : null}
        <Flex gap={8} justify="flex-end" style={{ marginTop: 16 }}>
          <Button onClick={onClose}>{variant === 'dialog' ? 'Close' : 'Cancel'}</Button>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            Save
          </Button>
        </Flex>
      </Form>
      <NoAccountsDialog open={noAccounts} missing={missing} onClose={onClose} />
    </>
  );
}
