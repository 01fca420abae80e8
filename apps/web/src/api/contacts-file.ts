import { CONTACTS_FILE_FIELD, ZContactsFileEnvelope, type TContactsFile } from '@steward/contracts/contacts-file';
import { sendForm } from './http.ts';

/**
 * POST /api/Messaging/ReadContactsFile (issue 9 'Composing'): the compose page's .xlsx of contacts,
 * sent as multipart/form-data in the field contactsFile. Nothing is stored.
 * @returns the phone numbers and e-mail addresses of the first worksheet as typed, the column
 *   each came from and the rows without a usable value.
 * @throws HttpError 400 naming contactsFile (not an .xlsx, larger than 5 MB, more than 50,000
 *   rows), NetworkError, TimeoutError, ContractError.
 */
export async function readContactsFile(file: File): Promise<TContactsFile> {
  const form = new FormData();
  form.append(CONTACTS_FILE_FIELD, file, file.name);
  const answer = await sendForm('/api/Messaging/ReadContactsFile', ZContactsFileEnvelope, form);
  return answer.returnObject;
}
