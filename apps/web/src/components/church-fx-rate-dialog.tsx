import {
  CHURCH_FX_RATE_SAVED,
  parseRate,
  RATE_ADMIN_ROLE,
  ZRateValue,
  type TChurchFxRate,
} from '@steward/contracts/church-fx-rates';
import { MESSAGES } from '@steward/contracts/messages';
import { convertMinor } from '@steward/money/fx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Form, Input, Modal, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { HttpError, NetworkError } from '../api/http.ts';
import { saveChurchFxRate } from '../api/lookups.ts';
import { useCurrencies, useFxRates } from '../api/queries.ts';
import { lookupKeys } from '../api/query-keys.ts';
import { useCurrentUser, useTenantCurrency } from '../app/current-user.ts';
import {
  currenciesForChurchRate,
  fxRateKey,
  NO_RATE_CURRENCY_LEAD,
  NO_RATE_CURRENCY_TEXT,
} from './currency-options.ts';
import { DATE_FORMAT, ISO_DATE } from './dates.ts';
import { PageSkeleton } from './page-skeleton.tsx';
import { useToast } from './use-toast.ts';
import { zodRule } from './zod-rule.ts';

/** True when the signed-in user may enter the church's exchange rates (an administrator). */
export function useCanEnterRates(): boolean {
  return useCurrentUser().roles.includes(RATE_ADMIN_ROLE);
}

interface RateValues {
  currencyCode?: string;
  rate?: string;
  rateDate?: Dayjs;
}

/** Server field → form field, to show a 400 answer's `errors[]` under the right input. */
const FIELD_OF: Record<string, keyof RateValues> = {
  currencyCode: 'currencyCode',
  unitsPerUsd: 'rate',
  rateDate: 'rateDate',
};

/**
 * '1 CHF = 1,831.875 NGN': what one unit of `code` is worth in the church currency `home` at the
 * rate being typed (`rateText`, units of `code` per USD) and the stored rate of `home`; null while
 * either is missing or invalid. Exact (@steward/money convertMinor); display rounding only.
 */
function equivalentText(code: string | undefined, rateText: string | undefined, home: string, homeRate?: number) {
  if (!code || !rateText) return null;
  const parsed = parseRate(rateText);
  if ('error' in parsed || (home !== 'USD' && homeRate === undefined)) return null;
  try {
    const rates = {
      [fxRateKey(code)]: parsed.text,
      ...(homeRate === undefined ? {} : { [fxRateKey(home)]: homeRate }),
    };
    const { rate } = convertMinor(0n, code, home, rates);
    const shown = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 8 }).format(Number(rate));
    return `So 1 ${code} = ${shown} ${home}${home === 'USD' ? '' : ` at the stored ${home} rate`}.`;
  } catch {
    return null;
  }
}

/**
 * The 'Enter an exchange rate' dialog (issue 7, part 4): Currency (every known currency but USD
 * and the church's own, those without a rate first; starts on `currencyCode`), the rate as
 * '1 USD = [ ] {currency}' with what one unit is then worth in the church currency, and the Date
 * it holds from (today by default, never in the future); Cancel and Save. Save sends POST
 * /api/Financials/ExchangeRates, reloads the rates every currency picker reads (GET /fxRates),
 * toasts 'Exchange rate saved' and hands the saved rate to `onSaved`. A 400 shows under its field;
 * a 403 or another failure above the buttons.
 */
export function ChurchFxRateDialog({
  open,
  currencyCode,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** ISO 4217 code the dialog starts on (e.g. what was typed in a currency picker) */
  currencyCode?: string | undefined;
  onClose: () => void;
  onSaved?: ((rate: TChurchFxRate) => void) | undefined;
}) {
  return (
    <Modal
      open={open}
      title="Enter an exchange rate"
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={440}
      closable={{ 'aria-label': 'Close dialog' }}
    >
      {open ? <RateForm currencyCode={currencyCode} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function RateForm({
  currencyCode,
  onClose,
  onSaved,
}: {
  currencyCode: string | undefined;
  onClose: () => void;
  onSaved: ((rate: TChurchFxRate) => void) | undefined;
}) {
  const [form] = Form.useForm<RateValues>();
  const toast = useToast();
  const queryClient = useQueryClient();
  const currencies = useCurrencies();
  const rates = useFxRates();
  const tenant = useTenantCurrency();
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = Form.useWatch('currencyCode', form);
  const rateText = Form.useWatch('rate', form);

  const mutation = useMutation({
    mutationFn: saveChurchFxRate,
    onSuccess: async (res) => {
      await queryClient.invalidateQueries({ queryKey: lookupKeys.fxRates() });
      toast.success(CHURCH_FX_RATE_SAVED);
      onSaved?.(res.returnObject);
      onClose();
    },
    onError: (err) => {
      if (err instanceof NetworkError) return setProblem(MESSAGES.networkDisrupted);
      if (err instanceof HttpError) {
        const known = err.fieldErrors.filter((e) => FIELD_OF[e.field]);
        form.setFields(known.map((e) => ({ name: FIELD_OF[e.field]!, errors: [e.message] })));
        return setProblem(known.length > 0 ? null : (err.serverMessage ?? 'The rate could not be saved.'));
      }
      setProblem('The rate could not be saved.');
    },
  });

  if (currencies.isPending) return <PageSkeleton rows={3} />;
  if (currencies.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={
          currencies.error instanceof NetworkError ? MESSAGES.networkDisrupted : 'The currencies could not be loaded.'
        }
      />
    );

  const eligible = currenciesForChurchRate(currencies.data, rates.data, tenant.code);
  const start = eligible.find((c) => c.shortCode === currencyCode?.toUpperCase())?.shortCode;
  const equivalent = equivalentText(chosen, rateText, tenant.code, rates.data?.[fxRateKey(tenant.code)]);

  const save = (v: RateValues) => {
    const parsed = parseRate(v.rate ?? '');
    if (!v.currencyCode || 'error' in parsed || !v.rateDate) return;
    setProblem(null);
    mutation.mutate({ currencyCode: v.currencyCode, unitsPerUsd: parsed.text, rateDate: v.rateDate.format(ISO_DATE) });
  };

  return (
    <Form<RateValues>
      form={form}
      name="church-fx-rate"
      layout="vertical"
      initialValues={{ currencyCode: start, rateDate: dayjs() }}
      onFinish={save}
      onValuesChange={() => setProblem(null)}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        The rate is your church&apos;s own: offerings and accounts in this currency convert with it.
      </Typography.Paragraph>
      <Form.Item label="Currency" name="currencyCode" rules={[{ required: true, message: 'Choose a currency' }]}>
        <Select<string>
          placeholder="Select currency"
          showSearch={{ optionFilterProp: 'label' }}
          autoFocus={!start}
          options={eligible.map((c) => ({ value: c.shortCode, label: `${c.shortCode} - ${c.name}` }))}
        />
      </Form.Item>
      <Form.Item
        label="Exchange rate"
        name="rate"
        rules={[{ required: true, message: 'Enter the rate' }, zodRule(ZRateValue)]}
        extra={equivalent ?? `How many ${chosen ?? 'units of the currency'} one US dollar buys.`}
      >
        <Input
          inputMode="decimal"
          autoComplete="off"
          autoFocus={Boolean(start)}
          placeholder="0.00"
          prefix={<span aria-hidden>1 USD =</span>}
          suffix={<span aria-hidden>{chosen ?? ''}</span>}
        />
      </Form.Item>
      <Form.Item label="Date" name="rateDate" rules={[{ required: true, message: 'Choose the date' }]}>
        <DatePicker
          format={DATE_FORMAT}
          allowClear={false}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          style={{ width: '100%' }}
        />
      </Form.Item>
      {problem ? <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} /> : null}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          Save
        </Button>
      </div>
    </Form>
  );
}

/**
 * What a currency picker shows when the typed text matches no offered currency (issue 7, part 4):
 * that only currencies with a stored rate can be chosen and, for an administrator, an 'Enter a
 * rate' button (naming the currency typed, when it is one); for anyone else, whom to ask.
 */
export function NoRateGuidance({
  canEnter,
  namedCode,
  onEnter,
}: {
  canEnter: boolean;
  /** the ISO code of the currency the search names, if any */
  namedCode?: string | undefined;
  onEnter: () => void;
}): ReactNode {
  return (
    <div style={{ maxWidth: 240, whiteSpace: 'normal', padding: '4px 0' }}>
      {canEnter ? (
        <>
          <Typography.Text type="secondary">{NO_RATE_CURRENCY_LEAD}</Typography.Text>
          <Button
            type="link"
            size="small"
            style={{ display: 'block', paddingInline: 0, marginTop: 4, height: 'auto', whiteSpace: 'normal' }}
            onClick={onEnter}
          >
            {namedCode ? `Enter a rate for ${namedCode}` : 'Enter a rate'}
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            (or press Enter)
          </Typography.Text>
        </>
      ) : (
        <Typography.Text type="secondary">{NO_RATE_CURRENCY_TEXT}</Typography.Text>
      )}
    </div>
  );
}

/**
 * A currency picker's way into the dialog: whether the user may enter rates, `open(code?)` to
 * start the dialog (on `code` when given), and the dialog element to render. `onSaved` gets the
 * saved rate (e.g. to choose its currency in the picker).
 */
export function useChurchRateDialog(onSaved?: (rate: TChurchFxRate) => void) {
  const canEnter = useCanEnterRates();
  const [state, setState] = useState<{ open: boolean; code?: string | undefined }>({ open: false });
  const dialog = (
    <ChurchFxRateDialog
      open={state.open}
      currencyCode={state.code}
      onClose={() => setState({ open: false })}
      onSaved={onSaved}
    />
  );
  return { canEnter, open: (code?: string) => setState({ open: true, code }), dialog };
}
