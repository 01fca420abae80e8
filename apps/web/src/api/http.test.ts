import { describe, expect, it } from 'vitest';
import { HttpError } from './http.ts';

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
