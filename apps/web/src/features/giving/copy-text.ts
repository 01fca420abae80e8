/**
 * Copies `text` to the clipboard: the Clipboard API first, then the selection of `field` with
 * execCommand('copy') where that API is refused (older browsers, no permission, plain http).
 * Answers whether it worked; never throws.
 */
export async function copyText(text: string, field?: HTMLInputElement | HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!field) return false;
    try {
      field.focus();
      field.select();
      field.setSelectionRange(0, text.length); // mobile browsers
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/** Escapes text for a double-quoted HTML attribute. */
function attr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The markup that embeds a payment form on a church's own website (giving spec 2.3, §9: 720 by
 * 1190): `<iframe src="{iframeUrl}" width="720" height="1190" ...></iframe>`, titled for screen
 * readers with the form's name, borderless, narrowing to fit a phone, and allowed to use the
 * browser's Payment Request API.
 */
export function iframeMarkup(iframeUrl: string, formName: string): string {
  return (
    `<iframe src="${attr(iframeUrl)}" width="720" height="1190" title="${attr(`Give: ${formName}`)}" ` +
    `style="border:0;max-width:100%" allow="payment" loading="lazy"></iframe>`
  );
}

/** A file name for the QR code of `formName`: 'sunday-giving-qr-code.png'. */
export function qrFileName(formName: string): string {
  const slug = formName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'payment-form'}-qr-code.png`;
}
