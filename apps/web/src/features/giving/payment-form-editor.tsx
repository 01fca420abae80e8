import { LoadingOutlined } from '@ant-design/icons';
import {
  GIVING_MESSAGES,
  ZPaymentFormCreate,
  type TPaymentForm,
  type TPaymentGateway,
} from '@steward/contracts/giving';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Form, Input, Row, Select, Switch, Typography } from 'antd';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  createPaymentForm,
  deletePaymentFormItem,
  getBanks,
  getPaymentGateways,
  givingKeys,
  updatePaymentForm,
} from '../../api/giving.ts';
import { HttpError, isNetworkError, NetworkError, TimeoutError } from '../../api/http.ts';
import { useIncomeAccounts, useOfferingItems } from '../../api/queries.ts';
import { useConfirmDelete } from '../../components/confirm-delete.ts';
import { useToast } from '../../components/use-toast.ts';
import { zodRule } from '../../components/zod-rule.ts';
import { NoAccountsDialog } from '../offering-items/no-accounts-dialog.tsx';
import { AddContributionDialog } from './add-contribution-dialog.tsx';
import { ContributionItemRows } from './contribution-item-rows.tsx';
import { GatewayChoices } from './gateway-choices.tsx';
import { paymentOptionsPath } from './giving-links.ts';
import { GIVING_TEXTS } from './giving-messages.ts';
import {
  emptyRow,
  initialGateways,
  initialResolved,
  initialRows,
  isFlutterwave,
  isResolvedFor,
  offeredGateways,
  placeNewItem,
  saveBlocker,
  toCreateBody,
  toggleGateway,
  toUpdateBody,
  withSubaccount,
  type ItemRow,
  type PaymentFormValues,
  type ResolvedAccount,
} from './payment-form-model.ts';
import { useAccountCheck } from './use-account-check.ts';
import { useSubaccountOffer } from './use-subaccount-offer.ts';
import './giving.css';

/** A titled part of the form. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} style={{ marginBottom: 24 }}>
      <Typography.Title level={2} style={{ fontSize: 16, marginBottom: 12 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

function byLabel(input: string, option?: { label?: unknown }): boolean {
  return String(option?.label ?? '')
    .toLowerCase()
    .includes(input.trim().toLowerCase());
}

const FORM_FIELDS = new Set(['name', 'bankCode', 'accountNumber', 'accountName']);

/**
 * The payment form screen's form (giving spec 2.2, §4, §5, §8), create (no `initial`) or edit:
 * name; contribution item rows (a saved row deletes through DELETE .../contributionItem after
 * 'Confirm delete'); 'Add Contribution'; bank, account number (its name resolved on blur, read
 * only); the Paystack and FlutterWave checkboxes (FlutterWave offers an existing subaccount of
 * the account number); 'Active' (create only, spec 2.2); 'Save and Continue', which looks
 * disabled until the account is resolved and then goes to the form's Payment Options. The
 * no-income-account dialog opens when the church has no income account.
 */
export function PaymentFormEditor({ initial }: { initial?: TPaymentForm }) {
  const [form] = Form.useForm<PaymentFormValues>();
  const navigate = useNavigate();
  const toast = useToast();
  const confirmDelete = useConfirmDelete();
  const queryClient = useQueryClient();
  const items = useOfferingItems();
  const income = useIncomeAccounts();
  const banks = useQuery({ queryKey: givingKeys.banks(), queryFn: getBanks, staleTime: 60 * 60 * 1000 });
  const gatewayList = useQuery({ queryKey: givingKeys.gateways(), queryFn: getPaymentGateways });
  const [rows, setRows] = useState<ItemRow[]>(() => initialRows(initial));
  const [gateways, setGateways] = useState(() => initialGateways(initial));
  const [addOpen, setAddOpen] = useState(false);
  // items created in the dialog, named until the item list has reloaded with them
  const [created, setCreated] = useState<{ id: string; name: string }[]>([]);
  const accountNumber = Form.useWatch('accountNumber', form);
  const bankCode = Form.useWatch('bankCode', form);
  const offered = useMemo(() => offeredGateways(gatewayList.data ?? []), [gatewayList.data]);
  const flutterwave = offered.find(isFlutterwave);
  const fwChosen = flutterwave ? gateways.chosen.find((g) => g.paymentGateWayID === flutterwave.id) : undefined;

  const subaccounts = useSubaccountOffer(toast, {
    onUse: (id) => flutterwave && setGateways((g) => withSubaccount(g, flutterwave.id, id)),
    onDecline: () => {
      form.setFieldsValue({ accountNumber: '', accountName: '', bankCode: null });
      account.reset();
    },
  });
  const onResolved = useCallback(
    (resolved: ResolvedAccount) => {
      if (!flutterwave || !gateways.chosen.some((g) => g.paymentGateWayID === flutterwave.id)) return;
      // a subaccount belongs to one account number: a new number needs its own
      setGateways((g) => withSubaccount(g, flutterwave.id, null));
      void subaccounts.offer(resolved.accountNumber);
    },
    [flutterwave, gateways.chosen, subaccounts],
  );
  const account = useAccountCheck(form, toast, initialResolved(initial), onResolved);
  const accountResolved = isResolvedFor(account.resolved, accountNumber, bankCode);

  const itemOptions = useMemo(() => {
    const list = items.data ?? [];
    return [...list, ...created.filter((c) => !list.some((i) => i.id === c.id))];
  }, [items.data, created]);

  const onToggleGateway = (gateway: TPaymentGateway, checked: boolean) => {
    setGateways((g) => toggleGateway(g, gateway.id, checked, initial?.paymentGateWays));
    if (!isFlutterwave(gateway)) return;
    // unticked, its subaccount choice goes with it: ticked again, the question comes back
    if (!checked) return subaccounts.forget();
    const savedSubaccount = initial?.paymentGateWays.find((s) => s.paymentGateWayID === gateway.id)?.subAccountID;
    const sameAccount = account.resolved !== null && account.resolved.accountNumber === initial?.accountNumber;
    if (savedSubaccount && sameAccount) return; // the saved row keeps its subaccount
    if (savedSubaccount) setGateways((g) => withSubaccount(g, gateway.id, null));
    if (accountResolved && account.resolved) void subaccounts.offer(account.resolved.accountNumber);
  };

  const removeRow = (key: string) =>
    setRows((rs) => {
      const left = rs.filter((r) => r.key !== key);
      return left.length > 0 ? left : [emptyRow()];
    });
  const deleteRow = (row: ItemRow) => {
    // an empty row added on this screen goes without a question
    if (!row.rowId && !row.itemId) return removeRow(row.key);
    confirmDelete({
      cancelMessage: GIVING_MESSAGES.deleteCanceled,
      onConfirm: async () => {
        if (!row.rowId) return removeRow(row.key);
        try {
          const res = await deletePaymentFormItem(row.rowId);
          if (!res.returnObject) {
            toast.error(GIVING_MESSAGES.deleteFailed);
            return;
          }
          toast.success(GIVING_MESSAGES.contributionItemDeleted);
          removeRow(row.key);
          void queryClient.invalidateQueries({ queryKey: givingKeys.all });
        } catch (err) {
          toast.error(
            err instanceof NetworkError
              ? GIVING_MESSAGES.deleteNetworkError
              : err instanceof TimeoutError
                ? GIVING_MESSAGES.deleteTimeout
                : GIVING_MESSAGES.deleteFailed,
          );
        }
      },
    });
  };

  const save = useMutation({
    mutationFn: (values: PaymentFormValues) =>
      initial
        ? updatePaymentForm(toUpdateBody(initial.id, values, rows, gateways))
        : createPaymentForm(toCreateBody(values, rows, gateways)),
    onSuccess: async (res) => {
      toast.success(res.response);
      await queryClient.invalidateQueries({ queryKey: givingKeys.all });
      void navigate(paymentOptionsPath(res.id));
    },
    onError: (err) => {
      if (err instanceof HttpError) {
        const onFields = err.fieldErrors.filter((f) => FORM_FIELDS.has(f.field));
        if (onFields.length > 0)
          form.setFields(onFields.map((f) => ({ name: f.field as keyof PaymentFormValues, errors: [f.message] })));
      }
      toast.error(
        isNetworkError(err)
          ? GIVING_MESSAGES.networkDisrupted
          : err instanceof HttpError && err.serverMessage
            ? err.serverMessage
            : GIVING_TEXTS.saveFailed,
      );
    },
  });

  const onSave = async () => {
    try {
      await form.validateFields(['name']);
    } catch {
      return;
    }
    if (account.checking) return toast.info(GIVING_TEXTS.checkingAccount);
    const values = form.getFieldsValue(true) as PaymentFormValues;
    const blocker = saveBlocker(values, rows, gateways, accountResolved);
    if (blocker === 'items') return toast.error(GIVING_TEXTS.addItemFirst);
    if (blocker === 'account') {
      form.setFields([{ name: 'accountNumber', errors: [GIVING_TEXTS.resolveAccountFirst] }]);
      return toast.error(GIVING_TEXTS.resolveAccountFirst);
    }
    if (blocker === 'gateways') return toast.error(GIVING_TEXTS.chooseGateway);
    save.mutate(values);
  };

  // a number or bank other than the one checked has no name yet; back to it, its name returns
  const onValuesChange = (changed: Partial<PaymentFormValues>, all: PaymentFormValues) => {
    if (!('accountNumber' in changed) && !('bankCode' in changed)) return;
    const same = isResolvedFor(account.resolved, all.accountNumber, all.bankCode);
    form.setFieldValue('accountName', same ? (account.resolved?.accountName ?? '') : '');
    if ('bankCode' in changed && all.accountNumber && !same) void account.check();
  };

  return (
    <Form<PaymentFormValues>
      form={form}
      // field ids 'payment-form_name' ...: the 'Add Contribution' dialog's form has a 'name' too
      name="payment-form"
      layout="vertical"
      aria-label="Payment form"
      style={{ maxWidth: 760 }}
      initialValues={{
        name: initial?.name ?? '',
        bankCode: initial?.bankCode ?? null,
        accountNumber: initial?.accountNumber ?? '',
        accountName: initial?.accountName ?? '',
        isActive: initial?.isActive ?? true,
      }}
      onValuesChange={onValuesChange}
      onFinish={() => void onSave()}
    >
      <Form.Item label="Name" name="name" required rules={[zodRule(ZPaymentFormCreate.shape.name)]}>
        <Input placeholder="e.g. Sunday Giving" maxLength={120} autoFocus={!initial} />
      </Form.Item>

      <Section title="Contribution items">
        <ContributionItemRows
          rows={rows}
          items={itemOptions}
          loading={items.isPending}
          onChoose={(key, itemId) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, itemId } : r)))}
          onAddRow={() => setRows((rs) => [...rs, emptyRow()])}
          onDeleteRow={deleteRow}
          onAddContribution={() => setAddOpen(true)}
        />
      </Section>

      <Section title="Bank account">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="Bank" name="bankCode">
              <Select<string>
                placeholder="Search bank"
                options={(banks.data ?? []).map((b) => ({ value: b.code, label: b.name }))}
                loading={banks.isPending}
                showSearch={{ filterOption: byLabel }}
                allowClear
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Account Number" name="accountNumber">
              <Input
                inputMode="numeric"
                autoComplete="off"
                maxLength={24}
                placeholder="e.g. 0123456789"
                onBlur={() => void account.check()}
                onPressEnter={(e) => {
                  e.preventDefault();
                  void account.check();
                }}
                suffix={account.checking ? <LoadingOutlined aria-label={GIVING_TEXTS.checkingAccount} /> : <span />}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Account Name" name="accountName" extra="Filled in from the bank once the number is checked">
          <Input readOnly placeholder={account.checking ? GIVING_TEXTS.checkingAccount : ''} />
        </Form.Item>
      </Section>

      <Section title="Payment gateways">
        <GatewayChoices
          gateways={offered}
          chosen={gateways.chosen}
          loading={gatewayList.isPending}
          failed={gatewayList.isError}
          onRetry={() => void gatewayList.refetch()}
          onToggle={onToggleGateway}
        />
        {fwChosen && !fwChosen.subAccountID ? (
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8, marginBottom: 0 }}>
            FlutterWave pays gifts into a subaccount of this bank account: Steward creates one when you save.
          </Typography.Paragraph>
        ) : null}
      </Section>

      {initial ? null : (
        <Form.Item label="Active" name="isActive" valuePropName="checked">
          <Switch aria-label="Active" />
        </Form.Item>
      )}

      <Button
        type="primary"
        htmlType="submit"
        size="large"
        loading={save.isPending}
        className={accountResolved ? undefined : 'looks-disabled'}
        aria-disabled={!accountResolved}
      >
        Save and Continue
      </Button>

      <AddContributionDialog
        open={addOpen}
        onClose={() => setAddOpen(false)}
        onSaved={(item) => {
          setCreated((c) => [...c, item]);
          setRows((rs) => placeNewItem(rs, item.id));
        }}
      />
      <NoAccountsDialog
        open={income.isSuccess && income.data.length === 0}
        missing={{ income: true, cash: false }}
        onClose={() => undefined}
      />
    </Form>
  );
}
