import { CSRF_HEADER } from '@steward/contracts/auth-constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ContractError, HttpError, NetworkError, sendForm, setUnauthorizedHandler } from './http.ts';

// HttpError reads error bodies with plain type guards (no zod, issue 7 'Speed'): the same
// answers as the contract's ZErrorEnvelope and ZMessage.
describe('HttpError', () => {
  it('takes the message and the fields at fault from the error envelope (400/404/409)', () => {
    const err = new HttpError(400, {
      status: false,
      response: 'Enter a valid e-mail address',
      returnObject: null,
      errors: [{ field: 'email', message: 'Enter a valid e-mail address' }],
    });
    expect(err.status).toBe(400);
    expect(err.serverMessage).toBe('Enter a valid e-mail address');
    expect(err.message).toBe('Enter a valid e-mail address');
    expect(err.fieldErrors).toEqual([{ field: 'email', message: 'Enter a valid e-mail address' }]);
  });

  it('reads an envelope without errors as no fields at fault', () => {
    const err = new HttpError(404, { status: false, response: 'Offering not found', returnObject: null });
    expect(err.serverMessage).toBe('Offering not found');
    expect(err.fieldErrors).toEqual([]);
  });

  it('takes the bare message of 401 and 429 answers', () => {
    const err = new HttpError(401, { message: 'Incorrect e-mail or password' });
    expect(err.serverMessage).toBe('Incorrect e-mail or password');
    expect(err.fieldErrors).toEqual([]);
  });

  it('takes a bare JSON string as the message', () => {
    expect(new HttpError(400, 'Category already exists').serverMessage).toBe('Category already exists');
  });

  it('has no server message for other bodies, and says the status', () => {
    for (const body of [null, '', { error: 'x' }, { message: 3 }, [], 42]) {
      const err = new HttpError(500, body);
      expect(err.serverMessage).toBeNull();
      expect(err.message).toBe('HTTP 500');
      expect(err.fieldErrors).toEqual([]);
    }
  });

  it('does not read an envelope whose fields at fault are malformed', () => {
    const body = { status: false, response: 'Bad', returnObject: null, errors: [{ field: 'email' }] };
    const err = new HttpError(400, body);
    expect(err.fieldErrors).toEqual([]);
    expect(err.serverMessage).toBeNull();
    expect(err.body).toBe(body);
  });
});

// sendForm goes through the app's one fetch wrapper: what reaches the network is checked at the
// fetch boundary (the browser's fetch, replaced by a recorder answering as the server would).
describe('sendForm', () => {
  const ZAnswer = z.object({ status: z.boolean(), response: z.string(), returnObject: z.object({ id: z.string() }) });
  const calls: { url: string; init: RequestInit }[] = [];
  const answerWith = (status: number, body: unknown) =>
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
    });
  const form = () => {
    const f = new FormData();
    f.append('subject', 'Harvest');
    f.append('contactsFile', new Blob(['x'], { type: 'application/octet-stream' }), 'contacts.xlsx');
    return f;
  };

  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(null);
    calls.length = 0;
  });

  it('posts the FormData as it is, with the session cookie and the CSRF header, and parses the answer', async () => {
    answerWith(200, { status: true, response: 'Saved', returnObject: { id: 'a1' } });
    const body = form();
    const answer = await sendForm('/api/Settings/CreateDefaultMessage', ZAnswer, body);
    expect(answer.returnObject.id).toBe('a1');
    expect(calls).toHaveLength(1);
    const { url, init } = calls[0]!;
    expect(url).toBe('/api/Settings/CreateDefaultMessage');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(body);
    expect(init.credentials).toBe('same-origin');
    const headers = init.headers as Record<string, string>;
    expect(headers[CSRF_HEADER]).toBe('1');
    // the browser sets multipart/form-data with its boundary: no JSON label
    expect(Object.keys(headers).map((h) => h.toLowerCase())).not.toContain('content-type');
  });

  it('sends with the method asked (PUT)', async () => {
    answerWith(200, { status: true, response: 'Updated', returnObject: { id: 'a1' } });
    await sendForm('/api/Settings/UpdateDefaultMessage', ZAnswer, form(), { method: 'PUT' });
    expect(calls[0]!.init.method).toBe('PUT');
  });

  it('turns the error envelope into the HttpError request throws, with the fields at fault', async () => {
    const envelope = {
      status: false,
      response: 'Upload an .xlsx file',
      returnObject: null,
      errors: [{ field: 'contactsFile', message: 'Upload an .xlsx file' }],
    };
    answerWith(400, envelope);
    const err = await sendForm('/api/Messaging/ReadContactsFile', ZAnswer, form()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(400);
    expect((err as HttpError).serverMessage).toBe('Upload an .xlsx file');
    expect((err as HttpError).fieldErrors).toEqual([{ field: 'contactsFile', message: 'Upload an .xlsx file' }]);
  });

  it("runs the app's sign-out on 401", async () => {
    answerWith(401, { message: 'Sign in again' });
    let signedOut = 0;
    setUnauthorizedHandler(() => (signedOut += 1));
    await expect(sendForm('/api/Messaging/ReadContactsFile', ZAnswer, form())).rejects.toBeInstanceOf(HttpError);
    expect(signedOut).toBe(1);
  });

  it('refuses a 2xx answer that does not match the contract', async () => {
    answerWith(200, { status: true, response: 'Saved', returnObject: null });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(sendForm('/api/Settings/CreateDefaultMessage', ZAnswer, form())).rejects.toBeInstanceOf(ContractError);
    quiet.mockRestore();
  });

  it('says NetworkError when the request never reached the server', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(sendForm('/api/Messaging/ReadContactsFile', ZAnswer, form())).rejects.toBeInstanceOf(NetworkError);
  });
});
