import { CONTACTS_FILE_FIELD, MAX_CONTACTS_FILE_BYTES, ZContactsFileEnvelope } from '@steward/contracts/contacts-file';
import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import type { ModuleCtx } from '../../lib/module.ts';
import { ok } from '../../lib/envelope.ts';
import { unauthorized } from '../../lib/errors.ts';
import { MultipartBody } from '../media/service.ts';
import { contactsFileOf, readContactsSheet } from './contacts-sheet.ts';

/** Room in a multipart body for the part headers around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * The compose page's contacts spreadsheet (issue 9 'Composing': "an uploaded CSV or xlsx of
 * contacts"; the web app reads CSV itself): POST /api/Messaging/ReadContactsFile, multipart with
 * the .xlsx in the field contactsFile, answers the phone numbers and e-mail addresses of its
 * first worksheet as typed. Nothing is stored and no database row is read. Registered in its own
 * scope, so no other route accepts multipart bodies.
 */
export function registerContactsFile({ app }: ModuleCtx): void {
  const bodyLimit = MAX_CONTACTS_FILE_BYTES + FORM_OVERHEAD_BYTES;
  void app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit }, (_req, body, done) =>
      done(null, new MultipartBody(body as Buffer)),
    );
    scope.post(
      '/api/Messaging/ReadContactsFile',
      {
        bodyLimit,
        schema: {
          tags: ['messaging'],
          summary: `Reads the phone numbers and e-mail addresses of an .xlsx spreadsheet sent as multipart/form-data in the field ${CONTACTS_FILE_FIELD} (at most 5 MB and 50,000 rows; first worksheet; columns by heading or by content)`,
          consumes: ['multipart/form-data'],
          response: { 200: ZContactsFileEnvelope, 400: ZErrorEnvelope, 401: ZMessage },
        },
      },
      async (req) => {
        if (!req.auth) throw unauthorized();
        const contacts = await readContactsSheet(await contactsFileOf(req.body, req.headers['content-type']));
        return ok(
          contacts,
          `Read ${contacts.phones.length} phone numbers and ${contacts.emails.length} e-mail addresses`,
        );
      },
    );
  });
}
