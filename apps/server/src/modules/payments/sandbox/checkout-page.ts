import { formatMoney } from '@steward/money/format';
import { isFinal, type SandboxTransaction } from './store.ts';

/**
 * The sandbox's hosted checkout page (GET /checkout/{token}): small, phone-friendly, no script.
 * One form POSTing back to the same address with `outcome` = success | failed | abandoned
 * (the buttons Succeed, Fail, Abandon). Shows the merchant, the amount and the reference; never
 * the payer's e-mail or phone.
 */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.4 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f6f8;color:#1f2933}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
.tag{display:inline-block;font-size:12px;letter-spacing:.04em;text-transform:uppercase;color:#52606d;background:#e4e7eb;border-radius:4px;padding:2px 8px}
h1{font-size:20px;margin:12px 0 4px}.amount{font-size:32px;font-weight:700;margin:8px 0 4px}
.ref{font-size:13px;color:#52606d;word-break:break-all}
form{display:grid;gap:12px;margin-top:24px}
button{font:inherit;font-weight:600;border:0;border-radius:8px;padding:14px;min-height:48px;cursor:pointer}
.ok{background:#0e7c3a;color:#fff}.fail{background:#c62828;color:#fff}.abandon{background:#e4e7eb;color:#1f2933}
a{color:#0b69a3}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const providerLabel = (tx: SandboxTransaction) =>
  tx.provider === 'paystack' ? 'Paystack sandbox' : 'Flutterwave sandbox';

function amountText(tx: SandboxTransaction): string {
  try {
    return formatMoney(tx.amountMinor, tx.currency);
  } catch {
    return `${tx.currency} ${tx.amountMinor.toString()}`;
  }
}

/** The checkout page of `tx`: the three choices, or the result when it is already final. */
export function checkoutPage(tx: SandboxTransaction, action: string, returnUrl: string | null): string {
  const head = `<span class="tag">${providerLabel(tx)}</span><h1>${escapeHtml(tx.merchantName)}</h1><div class="amount">${escapeHtml(amountText(tx))}</div><div class="ref">Reference ${escapeHtml(tx.reference)}</div>`;
  if (isFinal(tx)) {
    const done = tx.status === 'failed' ? 'This payment failed.' : 'This payment is complete.';
    const back = returnUrl
      ? `<p><a href="${escapeHtml(returnUrl)}">Return to ${escapeHtml(tx.merchantName)}</a></p>`
      : '';
    return page(`${tx.merchantName}: payment`, `<div class="card">${head}<p>${done}</p>${back}</div>`);
  }
  const form = `<form method="post" action="${escapeHtml(action)}">
<button class="ok" type="submit" name="outcome" value="success">Succeed</button>
<button class="fail" type="submit" name="outcome" value="failed">Fail</button>
<button class="abandon" type="submit" name="outcome" value="abandoned">Abandon</button>
</form>`;
  return page(
    `Pay ${tx.merchantName}`,
    `<div class="card">${head}<p>A test checkout: no money moves. Choose what the payment does.</p>${form}</div>`,
  );
}

/** A short page for an unknown checkout token or a choice that cannot be applied. */
export function messagePage(title: string, text: string, returnUrl: string | null = null): string {
  const back = returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Return</a></p>` : '';
  return page(title, `<div class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${back}</div>`);
}
