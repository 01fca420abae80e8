import { badRequest } from '../../lib/errors.ts';
import { ProviderError, type ProviderName } from '../payments/provider.ts';

/** Provider names as a church sees them (the gateway names of the reference table). */
export const PROVIDER_LABEL: Record<ProviderName, string> = { paystack: 'Paystack', flutterwave: 'FlutterWave' };

/**
 * A card payment provider could not be reached or refused Steward's key (ProviderError
 * 'unavailable' or 'unauthorised'): answered 503 in the spec's envelope, nothing written.
 * Never a 500: the fault is outside Steward and a retry may succeed.
 */
export class ProviderUnavailable extends Error {
  readonly statusCode = 503;
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailable';
  }
}

/**
 * Turns a provider's failure into what the church is told: the provider's own refusal
 * ('invalid', 'not_found') is a 400 naming `field` with the provider's message; anything else
 * a ProviderUnavailable (503) saying what could not be done. Other errors pass through.
 */
export function fromProviderError(e: unknown, field: string, doing: string): unknown {
  if (!(e instanceof ProviderError)) return e;
  const who = PROVIDER_LABEL[e.provider];
  if (e.kind === 'invalid' || e.kind === 'not_found')
    return badRequest(field, e.message.trim() || `${who} did not accept it; please check the details again`);
  return new ProviderUnavailable(`${who} is not available right now to ${doing}. Please try again in a few minutes.`);
}
