import { CSRF_HEADER } from '@steward/contracts/auth-constants';
import { CONTACTS_FILE_FIELD, ZContactsFileEnvelope, type TContactsFile } from '@steward/contracts/contacts-file';
import { ContractError, HttpError, NetworkError, REQUEST_TIMEOUT_MS, TimeoutError, send } from './http.ts';

const PATH = '/api/Messaging/ReadContactsFile';

/**
 * POST /api/Messaging/ReadContactsFile (issue 9 'Composing'): the compose page's .xlsx of contacts,
 * sent as multipart/form-data in the field contactsFile (http.ts sends JSON only, so this call
 * fetches itself, with the same cookie, CSRF header, timeout and errors). Nothing is stored.
 * @returns the phone numbers and e-mail addresses of the first worksheet as typed, the column
 *   each came from and the rows without a usable value.
 * @throws HttpError 400 naming contactsFile (not an .xlsx, larger than 5 MB, more than 50,000
 *   rows), NetworkError, TimeoutError, ContractError.
 */
export async function readContactsFile(file: File): Promise<TContactsFile> {
  const form = new FormData();
  form.append(CONTACTS_FILE_FIELD, file, file.name);
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(PATH, {
      method: 'POST',
      headers: { accept: 'application/json', [CSRF_HEADER]: '1' },
      credentials: 'same-origin',
      body: form,
      signal: timeout,
    });
  } catch (err) {
    if (timeout.aborted) throw new TimeoutError();
    throw new NetworkError(err);
  }
  const text = await res.text();
  let body: unknown = text || null;
  try {
    body = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    // not JSON: kept as text for the error
  }
  if (!res.ok) {
    // a 401 goes through `send` once more, so that the app's sign-out on 401 runs as for every call
    if (res.status === 401) await send('/api/Membership/GetCurrentSignedInUser').catch(() => undefined);
    throw new HttpError(res.status, body);
  }
  const parsed = ZContactsFileEnvelope.safeParse(body);
  if (!parsed.success) throw new ContractError(PATH, parsed.error.issues);
  return parsed.data.returnObject;
}
