import dayjs from 'dayjs';
import { and, eq } from 'drizzle-orm';
import type { TenantCtx } from '../lib/context.ts';
import { newRowId } from '../lib/ids.ts';
import { hashPassword } from '../modules/auth/service.ts';
import { newReference } from '../modules/giving/public-give-service.ts';
import { givers, paymentForms, paymentItems, payments } from '../modules/giving/schema.ts';
import * as forms from '../modules/giving/queries.ts';
import { applyVerified } from '../modules/giving/settlement.ts';
import type { ProviderName, VerifiedPayment } from '../modules/payments/provider.ts';

/** The demo giver (issue 10): signs in on the public giving page ('Sign in to payment'). */
export const DEMO_GIVER_EMAIL = 'giver@grace.example';
export const DEMO_GIVER_PASSWORD = 'givingfreely';

const PAYERS = [
  'Chinedu Okeke',
  'Funmi Adebayo',
  'Emeka Nwosu',
  'Halima Bello',
  'Tunde Bakare',
  'Ifeoma Obi',
  'Yemi Alade',
  'Kelechi Eze',
];

/** A provider's fee as the demo imagines it: Paystack 1.5% (+ NGN 100 from NGN 2,500, at most NGN 2,000), Flutterwave 1.4%. */
function feeOf(provider: ProviderName, amountMinor: bigint): bigint {
  if (provider === 'flutterwave') return (amountMinor * 14n) / 1000n;
  const fee = (amountMinor * 15n) / 1000n + (amountMinor >= 250_000n ? 10_000n : 0n);
  return fee > 200_000n ? 200_000n : fee;
}

/**
 * The demo church's online gifts (issue 10): the giver account DEMO_GIVER_EMAIL /
 * DEMO_GIVER_PASSWORD and about two dozen gifts through the 'Sunday Giving' form over the past
 * four months, by both providers, some anonymous, some by the demo giver, posted through the
 * settlement code as a provider's verified success (applyVerified: donation rows, clearing
 * account, fee), and one flagged gift whose provider reported another amount, for the payments
 * list. Runs in the demo church's transaction; the same every time (a seeded generator).
 */
export async function seedDemoDonations(ctx: TenantCtx, today: dayjs.Dayjs): Promise<void> {
  const { tx, tenantId } = ctx;
  let seed = 1010;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const [form] = await tx
    .select()
    .from(paymentForms)
    .where(and(eq(paymentForms.tenantId, tenantId), eq(paymentForms.name, 'Sunday Giving')));
  if (!form) return;
  const items = await forms.formItems(tx, tenantId, form.id);
  if (items.length === 0) return;
  const [giver] = await tx
    .insert(givers)
    .values({
      tenantId,
      name: 'Grace Giver',
      email: DEMO_GIVER_EMAIL,
      phoneNumber: '+2348030001234',
      passwordHash: await hashPassword(DEMO_GIVER_PASSWORD),
    })
    .returning();

  const gift = async (
    daysAgo: number,
    provider: ProviderName,
    lines: { itemIndex: number; naira: number }[],
    who: { name: string | null; giverId?: string; anonymous?: boolean },
    providerAmountMinor?: bigint,
  ) => {
    const paidAt = today
      .subtract(daysAgo, 'day')
      .hour(10)
      .minute(Math.floor(random() * 59));
    const chosen = lines.map((l) => ({
      item: items[l.itemIndex % items.length]!,
      amountMinor: BigInt(l.naira) * 100n,
    }));
    const amountMinor = chosen.reduce((s, c) => s + c.amountMinor, 0n);
    const reference = newReference();
    const [row] = await tx
      .insert(payments)
      .values({
        tenantId,
        reference,
        provider,
        purpose: 'donation',
        paymentFormId: form.id,
        giverId: who.giverId ?? null,
        amountMinor,
        currencyCode: 'NGN',
        status: 'pending',
        payerName: who.anonymous ? null : who.name,
        payerEmail: who.anonymous ? null : `${(who.name ?? 'giver').toLowerCase().replace(/\s+/g, '.')}@example.com`,
        isAnonymous: who.anonymous ?? false,
        authorizationUrl: 'https://checkout.example/demo',
        createdAt: paidAt.subtract(3, 'minute').toDate(),
      })
      .returning();
    await tx.insert(paymentItems).values(
      chosen.map((c) => ({
        tenantId,
        id: newRowId(),
        paymentId: row!.id,
        contributionItemId: c.item.itemId,
        amountMinor: c.amountMinor,
      })),
    );
    const taken = providerAmountMinor ?? amountMinor;
    const verified: VerifiedPayment = {
      status: 'success',
      reference,
      amountMinor: taken,
      currency: 'NGN',
      feeMinor: feeOf(provider, taken),
      providerTransactionId: String(4_000_000 + Math.floor(random() * 1_000_000)),
      paidAt: paidAt.toISOString(),
    };
    await applyVerified(ctx, reference, verified, 86_400);
  };

  const amounts = [2000, 5000, 10000, 2500, 15000, 1000, 50000, 7500, 3000, 20000];
  for (let i = 0; i < 22; i++) {
    const daysAgo = 2 + Math.floor((i * 118) / 22) + Math.floor(random() * 3);
    const provider: ProviderName = i % 3 === 2 ? 'flutterwave' : 'paystack';
    const lines = [{ itemIndex: i % 3, naira: amounts[Math.floor(random() * amounts.length)]! }];
    if (i % 4 === 0) lines.push({ itemIndex: (i + 1) % 3, naira: amounts[Math.floor(random() * amounts.length)]! });
    const who =
      i % 5 === 0
        ? { name: 'Grace Giver', giverId: giver!.id }
        : i % 7 === 3
          ? { name: null, anonymous: true }
          : { name: PAYERS[i % PAYERS.length]! };
    await gift(daysAgo, provider, lines, who);
  }
  // the provider reported another amount than was asked: flagged for the administrator, not posted
  await gift(1, 'paystack', [{ itemIndex: 0, naira: 5000 }], { name: 'Tunde Bakare' }, 50_000n);
}
