import { useId, useState } from 'react';
import {
  initializeRegistrationPayment,
  type InitializeBody,
  type RegistrationEvent,
} from '../../api/event-registration.ts';
import { HttpError, NetworkError, TimeoutError } from '../../api/http.ts';
import { GatewayLogo } from '../../components/public-page/gateway-logo.tsx';
import { Notice, Spinner } from '../../components/public-page/public-layout.tsx';
import { minorToText, readAmount } from '../give/money.ts';
import { Dialog } from './dialog.tsx';
import { offeredGateways } from './registration-logic.ts';
import { REG_TEXT as T } from './texts.ts';

/*
 * The 'Payment methods' chooser of a paid registration (spec 2.14, §4 'Payment flow for
 * registration'): 'Continue payment with' and the logo of each gateway the event's payment form
 * offers (Paystack only for NGN); Continue starts the payment (POST
 * /initializeEventRegistrationPayment, places held 15 minutes) and sends the browser to the
 * provider's hosted checkout, which returns to this page (see event-registration-page.tsx).
 */

/** The fee for `places` people as exact decimal text in major units ('15000.00'), or null. */
export function feeFor(amount: number, places: number, decimals: number): string | null {
  const read = readAmount(String(amount), decimals);
  return 'minor' in read ? minorToText(read.minor * BigInt(places), decimals) : null;
}

/** The key under which the page remembers the payment it sent the payer away for. */
export const pendingKey = (checkinId: string) => `steward.eventPayment.${checkinId}`;

/** The chooser dialog; `build` gives the person's part of the body as the visitor filled it. */
export function PaymentDialog({
  event,
  checkinId,
  build,
  places,
  decimals,
  onClose,
}: {
  event: RegistrationEvent;
  checkinId: string;
  build: () => Pick<InitializeBody, 'person' | 'customAttributeData' | 'phone' | 'email'> & {
    name: string;
    wards: string[];
  };
  places: number;
  decimals: number;
  onClose: () => void;
}) {
  const id = useId();
  const gateways = offeredGateways(event, event.currency);
  const [choice, setChoice] = useState<string | null>(gateways.length === 1 ? gateways[0]! : null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const start = async () => {
    if (!choice || pending) return;
    setPending(true);
    setFailure(null);
    const b = build();
    const amount = feeFor(event.registrationAmount, places, decimals) ?? String(event.registrationAmount * places);
    const item = event.paymentForm?.contributionItems[0]?.financialContribution;
    try {
      const answer = await initializeRegistrationPayment({
        attendanceCode: event.attendanceCode,
        activityId: event.eventID,
        phone: b.phone,
        email: b.email,
        checkInCode: event.checkinCode,
        id: checkinId,
        person: b.person,
        customAttributeData: b.customAttributeData,
        wards: b.wards,
        returnTo: `${window.location.pathname}${window.location.search}`,
        donation: {
          name: b.name,
          email: b.email,
          phone: b.phone,
          paymentFormId: event.paymentFormId,
          tenantID: event.tenantID,
          orderID: event.paymentFormOrderID,
          currencyID: event.currencyID,
          paymentGateway: choice.toLowerCase().includes('paystack') ? 'Paystack' : 'Flutterwave',
          paymentGateWays: event.paymentForm?.paymentGateWays ?? [],
          amount,
          contributionItems: item
            ? [
                {
                  contributionItemId: item.id,
                  contributionCurrencyId: event.currencyID,
                  contributionItemName: item.name,
                  amount,
                },
              ]
            : [],
        },
      });
      try {
        sessionStorage.setItem(pendingKey(checkinId), answer.transactionReference);
      } catch {
        // private mode: the provider's return still names the payment
      }
      window.location.assign(answer.checkoutUrl);
    } catch (err) {
      setPending(false);
      setFailure(
        err instanceof NetworkError
          ? T.registerNetwork
          : err instanceof TimeoutError
            ? T.registerTimeout
            : err instanceof HttpError && err.status < 500 && err.serverMessage
              ? `${T.initFailed}: ${err.serverMessage}`
              : T.initFailed,
      );
    }
  };

  return (
    <Dialog title={T.paymentMethods} onClose={onClose}>
      <h3 className="pp-section-title" id={`${id}-with`}>
        {T.continueWith}
      </h3>
      {gateways.length ? (
        <div className="pp-providers" role="radiogroup" aria-labelledby={`${id}-with`}>
          {gateways.map((g) => (
            <label key={g} className={choice === g ? 'pp-provider gv-provider is-checked' : 'pp-provider gv-provider'}>
              <input
                type="radio"
                name={`${id}-gateway`}
                value={g}
                checked={choice === g}
                onChange={() => setChoice(g)}
              />
              <GatewayLogo name={g} />
            </label>
          ))}
        </div>
      ) : (
        <p className="pp-muted">{T.noGateway}</p>
      )}
      {failure ? <Notice kind="error">{failure}</Notice> : null}
      <button
        type="button"
        className="pp-submit er-pay"
        disabled={!choice || pending}
        aria-busy={pending || undefined}
        onClick={() => void start()}
      >
        {pending ? <Spinner /> : null}
        Continue
      </button>
    </Dialog>
  );
}
