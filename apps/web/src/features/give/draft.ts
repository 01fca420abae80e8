/*
 * What a visitor has typed on the giving page, kept by this tab (sessionStorage) across a failed
 * attempt and a return from the provider's checkout ('Try again' after a cancelled payment finds
 * it again). Removed once the gift is received.
 */

/** What the visitor has typed: amounts as typed per item id, details, the chosen provider. */
export interface Draft {
  amounts: Record<string, string>;
  name: string;
  email: string;
  phone: string;
  anonymous: boolean;
  provider: 'paystack' | 'flutterwave' | null;
}

const draftKey = (formId: string) => `give-draft:${formId}`;

/** The draft of `formId` saved by this tab (sessionStorage), or null. */
export function loadDraft(formId: string): Partial<Draft> | null {
  try {
    const raw = window.sessionStorage.getItem(draftKey(formId));
    return raw ? (JSON.parse(raw) as Partial<Draft>) : null;
  } catch {
    return null;
  }
}

/** Saves the draft of `formId` for this tab. */
export function saveDraft(formId: string, draft: Draft): void {
  try {
    window.sessionStorage.setItem(draftKey(formId), JSON.stringify(draft));
  } catch {
    // storage refused (private mode, blocked iframe): the draft lives as long as the page
  }
}

/** Forgets the draft of `formId` (after a gift was received). */
export function clearDraft(formId: string): void {
  try {
    window.sessionStorage.removeItem(draftKey(formId));
  } catch {
    // nothing stored
  }
}
