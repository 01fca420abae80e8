import { randomUUID } from 'node:crypto';
import type { TPublicPaymentForm } from '@steward/contracts/donations';
import { withTenant, withoutTenant, type Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { findCurrencyByCode } from '../lookups/reference.ts';
import { providerOf } from './forms-service.ts';
import * as forms from './queries.ts';
import * as q from './donation-queries.ts';

/*
 * The public giving page's form (issue 10 'Public pages'; existing-client-api §3.3). The church is
 * found from the form id through the narrow lookup giving_form_tenant, then the form is read as
 * that church.
 */

/**
 * GET /give?paymentFormID= (existing-client-api §3.3): the active form `formId` as the public
 * giving page reads it (TPublicPaymentForm): the church's name and logo, the form's items, the
 * gateways it offers (recognised providers only), the church's currency, and a fresh `orderId`.
 * Throws 404 for an unknown or inactive form (the same answer: a visitor cannot tell them apart).
 */
export async function publicForm(db: Db, formId: string): Promise<TPublicPaymentForm> {
  const tenantId = await withoutTenant(db, (tx) => q.formTenant(tx, formId));
  if (!tenantId) throw notFound('Payment form');
  return withTenant(db, tenantId, async (tx) => {
    const found = await forms.findForm(tx, tenantId, formId);
    if (!found || !found.form.isActive) throw notFound('Payment form');
    const church = await q.churchProfile(tx, tenantId);
    if (!church) throw notFound('Payment form');
    const currency = findCurrencyByCode(church.currencyCode);
    const items = await forms.formItems(tx, tenantId, formId);
    const gateways = await forms.formGateways(tx, tenantId, formId);
    return {
      id: formId,
      name: found.form.name,
      tenantID: tenantId,
      churchName: church.churchName,
      churchLogo: church.logoUrl,
      address: null,
      currencyId: currency?.id ?? 0,
      currency: church.currencyCode,
      currencySymbol: currency?.symbol ?? church.currencyCode,
      currencyDecimals: currency?.decimals ?? 2,
      merchantId: null,
      orderId: randomUUID(),
      contributionItems: items.map((i) => ({
        id: i.id,
        financialContributionID: i.itemId,
        financialContribution: { id: i.itemId, name: i.name },
      })),
      paymentGateWays: gateways.flatMap(({ row, gateway }) => {
        const provider = providerOf(gateway);
        return provider && gateway.isActive
          ? [{ paymentGateway: { id: gateway.id, name: gateway.name }, subAccountID: row.subAccountId, provider }]
          : [];
      }),
      isPaymentConnected: false as const,
      paymentConnectedObject: null,
    };
  });
}
