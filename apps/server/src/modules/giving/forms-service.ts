import {
  GIVING_MESSAGES,
  type TPaymentForm,
  type TPaymentFormCreate,
  type TPaymentFormListItem,
  type TPaymentFormUpdate,
} from '@steward/contracts/giving';
import { ZId } from '@steward/contracts/common';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { type PaymentProviders, type ProviderName } from '../payments/provider.ts';
import { paymentLinks, qrCodeDataUrl } from './payment-links.ts';
import * as q from './queries.ts';
import { ensureSubaccount, isSubaccountOf, type SubaccountNeed } from './subaccounts.ts';

/*
 * Payment forms (giving spec 2.1-2.3, §3, §4, §5, §7; existing-client-api §3.1): a name, the
 * contribution items a visitor can give to, the bank account the money settles to and the card
 * providers offered, each with the provider's subaccount of that account where it settles
 * through one.
 */

/** Runs `fn` in one transaction as the signed-in church (inTenant bound to the request). */
export type RunInTenant = <T>(fn: (ctx: TenantCtx) => Promise<T>) => Promise<T>;

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * GET /api/PaymentForm/GetAll (spec 2.1): the church's forms, newest first, as
 * `{id, name, bank (the bank's name), bankID, date (ISO), isActive}`; `search` keeps those whose
 * name or bank name contains it (any case).
 */
export async function listForms(ctx: TenantCtx, search?: string): Promise<TPaymentFormListItem[]> {
  const rows = await q.listForms(ctx.tx, ctx.tenantId, search ? likePattern(search) : null);
  return rows.map((r) => ({
    id: r.form.id,
    name: r.form.name,
    bank: r.bankName,
    bankID: r.form.bankId,
    date: r.form.createdAt.toISOString(),
    isActive: r.form.isActive,
  }));
}

/**
 * GET /api/PaymentForm/GetOne?paymentFormID= (spec §3 'Payment form'): the form with its item
 * rows, gateway rows, its public link `{origin}/give/{id}` (and `/iframe/{id}`) and a PNG QR
 * code of the link as a data: URL. `origin` is PUBLIC_URL, else the request's. Throws 404 for an
 * id of no form of the church.
 */
export async function getForm(ctx: TenantCtx, id: string, origin: string): Promise<TPaymentForm> {
  const found = await q.findForm(ctx.tx, ctx.tenantId, id);
  if (!found) throw notFound('Payment form');
  const { form, bank } = found;
  const items = await q.formItems(ctx.tx, ctx.tenantId, id);
  const gateways = await q.formGateways(ctx.tx, ctx.tenantId, id);
  const links = paymentLinks(origin, id);
  return {
    id: form.id,
    name: form.name,
    bank: bank?.name ?? null,
    bankID: form.bankId,
    bankCode: form.bankCode,
    accountNumber: form.accountNumber,
    accountName: form.accountName,
    isActive: form.isActive,
    date: form.createdAt.toISOString(),
    contributionItems: items.map((i) => ({
      id: i.id,
      financialContributionID: i.itemId,
      financialContribution: { id: i.itemId, name: i.name },
    })),
    paymentGateWays: gateways.map(({ row, gateway }) => ({
      id: row.id,
      paymentGateWayID: gateway.id,
      paymentGateway: {
        id: gateway.id,
        name: gateway.name,
        countryCoverageArea: gateway.countryCoverageArea,
        isActive: gateway.isActive,
        isSubAccountSupported: gateway.isSubAccountSupported,
      },
      subAccountID: row.subAccountId,
      updateId: row.id,
    })),
    paymentUrl: links.paymentUrl,
    iframeUrl: links.iframeUrl,
    paymentUrlQRCode: await qrCodeDataUrl(links.paymentUrl),
  };
}

/** Which provider a gateway row is, by its name ('Paystack', 'FlutterWave'), or null. */
export function providerOf(gateway: Pick<q.GatewayRow, 'name'>): ProviderName | null {
  const n = gateway.name.toLowerCase();
  if (n.includes('paystack')) return 'paystack';
  if (n.includes('flutterwave')) return 'flutterwave';
  return null;
}

interface PlannedGateway {
  gatewayId: number;
  subAccountId: string | null;
  /** a subaccount must be created with `provider` before the form can be written */
  need: SubaccountNeed | null;
  /**
   * a subaccount id the client chose (the 'existing subaccount' offer): the provider must list it
   * for the form's bank account before it is written (`field` names it in a refusal)
   */
  verify: { need: SubaccountNeed; field: string } | null;
}

/** A save, checked: what will be written. */
interface SavePlan {
  formId: string | null;
  values: q.FormValues;
  addItemIds: string[];
  removeItemIds: string[];
  removeGatewayRowIds: string[];
  removeGatewayIds: number[];
  gateways: PlannedGateway[];
}

type SaveInput = TPaymentFormCreate &
  Partial<Pick<TPaymentFormUpdate, 'id' | 'removeContributionIDs' | 'removePaymentGatewayIDs'>>;

/**
 * Checks a create or update (spec §5) against the church's data and answers what to write.
 * Throws 404 for a form or contribution item that is not the church's (or an inactive item),
 * 400 naming the field for an unknown bank or gateway, a bank of another country, a Nigerian
 * account number that is not 10 digits, an account number without its bank (or the reverse),
 * a gateway that settles through a subaccount without a bank account, and a removal id that
 * is neither a uuid nor a gateway id.
 */
async function planSave(ctx: TenantCtx, input: SaveInput): Promise<SavePlan> {
  const { tx, tenantId } = ctx;
  const church = await q.churchOf(tx, tenantId);
  const existing = input.id ? await q.findForm(tx, tenantId, input.id, true) : undefined;
  if (input.id && !existing) throw notFound('Payment form');

  let bank: q.BankRow | undefined;
  if (input.bankCode) {
    [bank] = await q.banksByCode(tx, input.bankCode, church.countryCode);
    if (!bank) throw badRequest('bankCode', 'is not a bank Steward knows; choose the bank from the list');
  } else if (input.bankID) {
    bank = await q.bankById(tx, input.bankID);
    if (!bank) throw badRequest('bankID', 'is not a bank Steward knows; choose the bank from the list');
  }
  const bankField = input.bankCode ? 'bankCode' : 'bankID';
  if (bank && bank.countryCode !== church.countryCode.toUpperCase())
    throw badRequest(bankField, `is a bank in ${bank.countryCode}; choose a bank of your church's country`);
  const accountNumber = input.accountNumber;
  if (accountNumber && !bank) throw badRequest('bankCode', 'choose the bank of the account');
  if (bank && !accountNumber) throw badRequest('accountNumber', GIVING_MESSAGES.enterAccountNumber);
  if (accountNumber && bank?.countryCode === 'NG' && accountNumber.length !== 10)
    throw badRequest('accountNumber', 'must be 10 digits (a Nigerian account number)');
  if (accountNumber && (accountNumber.length < 6 || accountNumber.length > 20))
    throw badRequest('accountNumber', 'must be 6 to 20 digits');

  const values: q.FormValues = {
    name: input.name,
    bankId: bank?.id ?? null,
    bankCode: bank?.code ?? null,
    accountNumber: accountNumber ?? null,
    accountName: accountNumber ? (input.accountName ?? null) : null,
    isActive: input.isActive ?? existing?.form.isActive ?? true,
  };

  const wanted = [
    ...new Set(input.contributionItems.map((r) => r.financialContributionID).filter((v): v is string => Boolean(v))),
  ];
  const known = await q.activeItemIds(tx, tenantId, wanted);
  if (wanted.some((id) => !known.has(id))) throw notFound('Contribution item');

  const removeItemIds: string[] = [];
  for (const [i, v] of (input.removeContributionIDs ?? []).entries()) {
    if (!ZId.safeParse(v).success) throw badRequest(`removeContributionIDs.${i}`, 'must be an id');
    removeItemIds.push(v);
  }
  const removeGatewayRowIds: string[] = [];
  const removeGatewayIds: number[] = [];
  for (const [i, v] of (input.removePaymentGatewayIDs ?? []).entries()) {
    if (typeof v === 'number' || /^\d{1,7}$/.test(v)) {
      const n = Number(v);
      if (!Number.isSafeInteger(n)) throw badRequest(`removePaymentGatewayIDs.${i}`, 'must be an id');
      removeGatewayIds.push(n);
    } else if (ZId.safeParse(v).success) removeGatewayRowIds.push(v);
    else throw badRequest(`removePaymentGatewayIDs.${i}`, 'must be an id');
  }

  const allGateways = await q.allGateways(tx);
  const stored = existing ? await q.formGateways(tx, tenantId, existing.form.id) : [];
  const accountChanged =
    !existing || existing.form.accountNumber !== values.accountNumber || existing.form.bankCode !== values.bankCode;
  const byGateway = new Map<number, { index: number | null; subAccountID: string | null }>();
  input.paymentGateWays.forEach((g, index) =>
    byGateway.set(g.paymentGateWayID, { index, subAccountID: g.subAccountID }),
  );
  // rows already on the form stay unless removed; they too follow a change of bank account
  for (const s of stored) {
    const removed = removeGatewayRowIds.includes(s.row.id) || removeGatewayIds.includes(s.gateway.id);
    if (!removed && !byGateway.has(s.gateway.id))
      byGateway.set(s.gateway.id, { index: null, subAccountID: s.row.subAccountId });
  }
  const gateways: PlannedGateway[] = [];
  for (const [gatewayId, sent] of byGateway) {
    const gateway = allGateways.find((g) => g.id === gatewayId && (g.isActive || sent.index === null));
    if (!gateway)
      throw badRequest(
        `paymentGateWays.${sent.index ?? 0}.paymentGateWayID`,
        'is not a payment gateway Steward offers',
      );
    const before = stored.find((s) => s.gateway.id === gatewayId)?.row.subAccountId ?? null;
    // a subaccount settles to one bank account: the stored one is stale once the account changed
    const given = sent.subAccountID && !(accountChanged && sent.subAccountID === before) ? sent.subAccountID : null;
    const provider = providerOf(gateway);
    const settlesThroughSubaccount = gateway.isSubAccountSupported && provider;
    const needOf = (): SubaccountNeed => {
      if (!values.accountNumber || !values.bankCode)
        throw badRequest('accountNumber', `enter the bank account ${gateway.name} payments settle to`);
      return {
        provider: provider!,
        gatewayName: gateway.name,
        businessName: church.churchName,
        bankCode: values.bankCode,
        accountNumber: values.accountNumber,
      };
    };
    // a gateway that settles without a subaccount keeps none, whatever the client sent
    if (!settlesThroughSubaccount) gateways.push({ gatewayId, subAccountId: null, need: null, verify: null });
    else if (given && given === before && !accountChanged)
      gateways.push({ gatewayId, subAccountId: given, need: null, verify: null });
    else if (given)
      gateways.push({
        gatewayId,
        subAccountId: given,
        need: null,
        verify: { need: needOf(), field: `paymentGateWays.${sent.index ?? 0}.subAccountID` },
      });
    else if (before && !accountChanged) gateways.push({ gatewayId, subAccountId: before, need: null, verify: null });
    else gateways.push({ gatewayId, subAccountId: null, need: needOf(), verify: null });
  }

  return {
    formId: existing?.form.id ?? null,
    values,
    addItemIds: wanted,
    removeItemIds,
    removeGatewayRowIds,
    removeGatewayIds,
    gateways,
  };
}

/** The key of a subaccount need: a subaccount of one provider for one bank account. */
const needKey = (n: SubaccountNeed) => `${n.provider}|${n.bankCode}|${n.accountNumber}`;

/**
 * Writes a checked save in the current transaction; `created` holds the subaccounts made for
 * its needs. Throws 400 naming contributionItems when the form would be left without an item.
 */
async function writeForm(ctx: TenantCtx, plan: SavePlan, created: Map<string, string>): Promise<string> {
  const { tx, tenantId } = ctx;
  let formId = plan.formId;
  if (formId) {
    await q.updateForm(tx, tenantId, formId, plan.values);
    await q.removeItems(tx, tenantId, formId, plan.removeItemIds);
    await q.removeGateways(tx, tenantId, formId, plan.removeGatewayRowIds, plan.removeGatewayIds);
  } else formId = await q.insertForm(tx, tenantId, plan.values);
  await q.addItems(tx, tenantId, formId, plan.addItemIds);
  for (const g of plan.gateways) {
    const sub = g.need ? created.get(needKey(g.need)) : g.subAccountId;
    // the form's account changed between the check and the write (another save at once)
    if (g.need && !sub) throw badRequest('accountNumber', 'the bank account changed while saving; save the form again');
    await q.upsertGateway(tx, tenantId, formId, g.gatewayId, sub ?? null);
  }
  if ((await q.itemCount(tx, tenantId, formId)) === 0)
    throw badRequest('contributionItems', 'add at least one contribution item');
  return formId;
}

/**
 * POST /api/PaymentForm/newpaymentform and PUT /api/PaymentForm/update (spec 2.2, §4, §5):
 * checks the save; creates, outside any transaction, the provider subaccounts it needs (a
 * gateway that settles through one, saved without `subAccountID`, on a new bank account); then
 * checks again and writes everything in one transaction, and answers the saved form. Items and
 * gateways sent are added or kept; `removeContributionIDs` / `removePaymentGatewayIDs` remove.
 * Throws as planSave and writeForm do, ProviderUnavailable (503) when the provider cannot make
 * the subaccount (nothing is written), 400 naming accountNumber when it refuses the account.
 */
export async function saveForm(
  run: RunInTenant,
  providers: PaymentProviders,
  input: SaveInput,
  origin: string,
): Promise<TPaymentForm> {
  const plan = await run((ctx) => planSave(ctx, input));
  const needs = plan.gateways.flatMap((g) => (g.need ? [g.need] : []));
  const created = new Map<string, string>();
  for (const need of needs) {
    if (!created.has(needKey(need))) created.set(needKey(need), await ensureSubaccount(providers, need));
  }
  for (const g of plan.gateways) {
    if (g.verify && !(await isSubaccountOf(providers, g.verify.need, g.subAccountId!)))
      throw badRequest(g.verify.field, `is not a ${g.verify.need.gatewayName} subaccount of this bank account`);
  }
  return run(async (ctx) => {
    const id = await writeForm(ctx, await planSave(ctx, input), created);
    return getForm(ctx, id, origin);
  });
}

/**
 * DELETE /api/PaymentForm/Delete?paymentFormID= (spec 2.1, §8): deletes the form with its rows,
 * unless payments or event registrations refer to it: then it is deactivated instead and keeps
 * its history (`deleted` false). Throws 404 for an id of no form of the church.
 */
export async function deleteForm(
  ctx: TenantCtx,
  id: string,
): Promise<{ id: string; deleted: boolean; deactivated: boolean }> {
  // FOR UPDATE: a payment being written now either is seen here or waits for this delete
  const found = await q.findForm(ctx.tx, ctx.tenantId, id, true);
  if (!found) throw notFound('Payment form');
  if (await q.formHasHistory(ctx.tx, ctx.tenantId, id)) {
    await q.deactivateForm(ctx.tx, ctx.tenantId, id);
    return { id, deleted: false, deactivated: true };
  }
  await q.deleteForm(ctx.tx, ctx.tenantId, id);
  return { id, deleted: true, deactivated: false };
}

/**
 * DELETE /mobile/v1/PaymentForm/contributionItem?contributionItemID= (spec §4 'Contribution
 * item row delete', §7): removes a saved item row (its id as GetOne gives it) from its form; the
 * contribution item itself stays. Throws 404 for an id of no item row of the church.
 */
export async function deleteFormItem(ctx: TenantCtx, rowId: string): Promise<{ id: string; paymentFormID: string }> {
  const formId = await q.deleteItemRow(ctx.tx, ctx.tenantId, rowId);
  if (!formId) throw notFound('Contribution item');
  return { id: rowId, paymentFormID: formId };
}
