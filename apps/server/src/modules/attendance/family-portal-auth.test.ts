import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { identityOf, phoneKey } from './family-portal-auth.ts';

describe('family-portal sign-in identity', () => {
  it('matches a phone by its last 10 digits, however it is written', () => {
    expect(phoneKey('+234 803 123 4567')).toBe('8031234567');
    expect(phoneKey('08031234567')).toBe('8031234567');
    expect(phoneKey('(803) 123-4567')).toBe('8031234567');
  });

  it('takes an e-mail (lowercased) when what was typed has an @, else a phone', () => {
    expect(identityOf({ email: 'Ada@Example.COM' })).toEqual({
      email: 'ada@example.com',
      phone: null,
      phoneTyped: null,
    });
    expect(identityOf({ phoneNumber: '0803 123 4567' })).toEqual({
      email: null,
      phone: '8031234567',
      phoneTyped: '0803 123 4567',
    });
    // the shell puts what was typed in phoneNumber when it has no '@'; an e-mail there still counts
    expect(identityOf({ phoneNumber: 'ada@example.com' }).email).toBe('ada@example.com');
  });

  it('refuses an unusable identity with a 400 naming the field', () => {
    const fieldOf = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof AppError ? `${e.statusCode} ${e.field}` : 'other';
      }
      return 'none';
    };
    expect(fieldOf(() => identityOf({}))).toBe('400 email');
    expect(fieldOf(() => identityOf({ email: 'ada@' }))).toBe('400 email');
    expect(fieldOf(() => identityOf({ phoneNumber: '12345' }))).toBe('400 phoneNumber');
    expect(fieldOf(() => identityOf({ phoneNumber: 'call me' }))).toBe('400 phoneNumber');
  });
});
