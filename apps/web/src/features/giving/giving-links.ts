/*
 * The giving admin routes (giving spec 2.1-2.5; existing-client-api §1.6: PaymentTransaction
 * /tenant/payments/:editPayment?, PaymentOption /tenant/paymentoptions/:paymentId, Payment
 * /tenant/payment) and the menu's /tenant/paymentforms and /tenant/onlinedonate.
 */

/** The Payment Forms list (2.1). */
export const PAYMENT_FORMS_PATH = '/tenant/paymentforms';
/** A new payment form (2.2, 'Add Payment Form'). */
export const NEW_PAYMENT_FORM_PATH = '/tenant/payments';
/** The Online Donation page (2.4). */
export const ONLINE_DONATION_PATH = '/tenant/onlinedonate';
/** The donation transactions screen (2.5). */
export const DONATIONS_PATH = '/tenant/payment';

/** Edit a payment form (route PaymentTransaction, param editPayment). */
export function editPaymentFormPath(id: string): string {
  return `${NEW_PAYMENT_FORM_PATH}/${encodeURIComponent(id)}`;
}

/** A payment form's Payment Options page (route PaymentOption, param paymentId). */
export function paymentOptionsPath(id: string): string {
  return `/tenant/paymentoptions/${encodeURIComponent(id)}`;
}
