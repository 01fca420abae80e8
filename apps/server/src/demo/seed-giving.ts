import type { TenantCtx } from '../lib/context.ts';
import { PAYMENT_GATEWAY } from '@steward/contracts/giving';
import * as q from '../modules/giving/queries.ts';

/**
 * The demo church's payment form (issue 10): 'Sunday Giving' with the given contribution items
 * (the demo's Sunday Offering, Tithe and Building Fund), its account at Guaranty Trust Bank
 * (0123456789, the account the local provider sandbox resolves to the church's name) and both
 * gateways. No subaccounts yet: saving the form in the app creates FlutterWave's, as for any
 * church. Runs in the demo church's transaction.
 */
export async function seedDemoGiving(ctx: TenantCtx, contributionItemIds: string[]): Promise<void> {
  const { tx, tenantId } = ctx;
  const [bank] = await q.banksByCode(tx, '058', 'NG');
  const formId = await q.insertForm(tx, tenantId, {
    name: 'Sunday Giving',
    bankId: bank?.id ?? null,
    bankCode: bank?.code ?? null,
    accountNumber: bank ? '0123456789' : null,
    accountName: bank ? 'GRACE CHAPEL INTERNATIONAL' : null,
    isActive: true,
  });
  await q.addItems(tx, tenantId, formId, contributionItemIds);
  for (const gateway of [PAYMENT_GATEWAY.paystack, PAYMENT_GATEWAY.flutterwave])
    await q.upsertGateway(tx, tenantId, formId, gateway.id, null);
}
