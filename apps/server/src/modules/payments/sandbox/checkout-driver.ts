/**
 * Drives the sandbox's hosted checkout with plain HTTP, as a payer's browser would: GET the page,
 * read its form, POST the chosen button. For integration tests (payments and giving).
 */

export type CheckoutChoice = 'success' | 'failed' | 'abandoned';

export interface CheckoutResult {
  /** the checkout page's HTML as the payer saw it */
  page: string;
  /** the HTTP status of the POST (303 when it redirects) */
  status: number;
  /** where the provider sends the payer back (callback / redirect URL with its query), or null */
  redirectTo: string | null;
}

/**
 * Opens `checkoutUrl` (an authorization_url / link from initialise), then presses the button whose
 * value is `choice` (Succeed = 'success', Fail = 'failed', Abandon = 'abandoned'). Does not follow
 * the redirect. Throws when the page has no such form or button.
 */
export async function completeCheckout(checkoutUrl: string, choice: CheckoutChoice): Promise<CheckoutResult> {
  const pageRes = await fetch(checkoutUrl, { signal: AbortSignal.timeout(10_000) });
  const page = await pageRes.text();
  if (pageRes.status !== 200) throw new Error(`checkout page answered ${pageRes.status}`);
  const form = /<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(page);
  if (!form) throw new Error('the checkout page has no form (already completed?)');
  const button = new RegExp(`<button[^>]*name="outcome" value="${choice}"`).exec(form[2] ?? '');
  if (!button) throw new Error(`the checkout page has no '${choice}' button`);
  const action = new URL((form[1] ?? '').replace(/&amp;/g, '&'), checkoutUrl).toString();
  const res = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome: choice }).toString(),
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer();
  return { page, status: res.status, redirectTo: res.headers.get('location') };
}
