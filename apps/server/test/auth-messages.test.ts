import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers.ts';

/**
 * The words a person reads when sign-up or sign-in input is refused (issue 7: 'written for
 * people'): each 400 names the field and says what to do, in the words the forms show.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const good = {
  churchName: 'Messages Church',
  firstName: 'Ada',
  lastName: 'Obi',
  email: 'messages@test.example',
  phoneNumber: '+2348030000009',
  password: 'a long password',
  countryCode: 'NG',
  currency: 'NGN',
};

type FieldError = { field: string; message: string };

async function signup(payload: Record<string, unknown>) {
  const res = await h.app.inject({ method: 'POST', url: '/api/onboarding/signup', payload });
  expect(res.statusCode).toBe(400);
  const body = res.json() as { status: boolean; response: string; errors: FieldError[] };
  expect(body.status).toBe(false);
  return body;
}

describe('sign-up and sign-in messages', () => {
  it.each([
    ['churchName', '', "Enter your church's name"],
    ['churchName', 'A', "Use at least 2 characters for your church's name"],
    ['churchName', 'x'.repeat(121), "Use at most 120 characters for your church's name"],
    ['firstName', '   ', 'Enter your first name'],
    ['lastName', '', 'Enter your last name'],
    ['email', 'not-an-email', 'Enter a valid e-mail address'],
    ['phoneNumber', '', 'Enter your phone number'],
    ['phoneNumber', '123', 'Enter a valid phone number'],
    ['password', 'short', 'Use at least 8 characters for your password'],
    ['countryCode', 'Nigeria', 'Choose your country'],
    ['countryCode', 'QQ', 'Choose your country from the list'],
    ['currency', '', 'Choose your currency'],
    ['currency', 'XYZ', 'Choose your currency from the list'],
  ])('a sign-up with %s %j reads %j', async (field, value, message) => {
    const body = await signup({ ...good, email: `m-${field}-${value.length}@test.example`, [field]: value });
    expect(body.errors).toEqual([{ field, message }]);
    expect(body.response).toContain(message);
  });

  it('an empty sign-up names every field, each in words for people, none in ISO or zod terms', async () => {
    const body = await signup({});
    expect(body.errors).toEqual([
      { field: 'churchName', message: "Enter your church's name" },
      { field: 'firstName', message: 'Enter your first name' },
      { field: 'lastName', message: 'Enter your last name' },
      { field: 'email', message: 'Enter a valid e-mail address' },
      { field: 'phoneNumber', message: 'Enter your phone number' },
      { field: 'password', message: 'Use at least 8 characters for your password' },
      { field: 'countryCode', message: 'Choose your country' },
      { field: 'currency', message: 'Choose your currency' },
    ]);
    expect(JSON.stringify(body)).not.toMatch(/ISO|alpha-2|Invalid input|expected string/);
  });

  it('a sign-in with blank fields asks for the e-mail address and the password', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/login', payload: { userName: ' ', password: '' } });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: FieldError[] }).errors).toEqual([
      { field: 'userName', message: 'Enter your e-mail address' },
      { field: 'password', message: 'Enter your password' },
    ]);
    // the existing client shows a 400's `message` (existing-client-api §1.1)
    expect((res.json() as { message: string }).message).toBe('Enter your e-mail address. Enter your password');
  });

  it('a wrong password reads as such, without saying which of the two was wrong', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/login',
      payload: { userName: 'nobody@test.example', password: 'a long password' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Incorrect e-mail or password' });
  });
});
