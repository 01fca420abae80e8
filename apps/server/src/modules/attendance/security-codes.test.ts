import { describe, expect, it } from 'vitest';
import {
  normalizeSecurityCode,
  randomSecurityCode,
  SECURITY_CODE_ALPHABET,
  SECURITY_CODE_LENGTH,
} from './security-codes.ts';

describe('security codes', () => {
  it('are 4 characters of the alphabet without look-alikes', () => {
    for (let i = 0; i < 500; i += 1) {
      const code = randomSecurityCode();
      expect(code).toHaveLength(SECURITY_CODE_LENGTH);
      for (const ch of code) expect(SECURITY_CODE_ALPHABET).toContain(ch);
    }
    for (const lookAlike of ['0', 'O', '1', 'I', 'L', '5', 'S', '8', 'B', '2', 'Z'])
      expect(SECURITY_CODE_ALPHABET).not.toContain(lookAlike);
  });

  it('are matched as typed: lower case, spaces and dashes are forgiven, anything else is not a code', () => {
    expect(normalizeSecurityCode(' k7-ra ')).toBe('K7RA');
    expect(normalizeSecurityCode('K7R')).toBeNull();
    expect(normalizeSecurityCode('K7R0')).toBeNull();
    expect(normalizeSecurityCode('K7RAA')).toBeNull();
  });
});
