import QRCode from 'qrcode';

/**
 * A payment form's public addresses (giving spec 2.3 'Payment Options'): the web link
 * `{origin}/give/{id}` and the iframe source `{origin}/iframe/{id}` (720 by 1190, spec §9).
 */
export function paymentLinks(origin: string, formId: string): { paymentUrl: string; iframeUrl: string } {
  const base = origin.replace(/\/+$/, '');
  return { paymentUrl: `${base}/give/${formId}`, iframeUrl: `${base}/iframe/${formId}` };
}

/**
 * A QR code of `text` as a `data:image/png;base64,...` URL (the form's `paymentUrlQRCode`,
 * printed for a church's foyer): error correction M, 512 px, a quiet zone of 2 modules.
 */
export function qrCodeDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', type: 'image/png', width: 512, margin: 2 });
}
