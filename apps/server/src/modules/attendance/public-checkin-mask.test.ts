import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskEmail, maskText, maskWord } from './public-checkin-mask.ts';

describe('public check-in masks', () => {
  it('keeps a recognisable start of each word', () => {
    expect(maskText('John Adewale')).toBe('Jo** Ad*****');
    expect(maskText('  Ada   Obi ')).toBe('A** O**');
    expect(maskText('12 Marina Rd.')).toBe('1* Ma**** R*.');
    expect(maskWord('J')).toBe('*');
    expect(maskText('Ọlábísí')).toBe('Ọl*****');
    expect(maskText('')).toBe('');
    expect(maskText(null)).toBe('');
  });

  it('masks an e-mail address with a fixed-length local part', () => {
    expect(maskEmail('ada.obi@gmail.com')).toBe('a***@g****.com');
    expect(maskEmail('a@mail.example.org')).toBe('a***@m***.e******.org');
    expect(maskEmail('not-an-address')).toBe('n**-a*-ad*****');
    expect(maskEmail(undefined)).toBe('');
  });

  it('never gives back a word of 2+ characters whole, nor its length in an e-mail local part', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z]{2,12}$/), (w) => {
        const m = maskWord(w);
        expect(m).not.toBe(w);
        expect(m.length).toBe(w.length);
        expect(m.replace(/\*/g, '').length).toBeLessThanOrEqual(Math.ceil(w.length / 2));
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,20}$/), fc.stringMatching(/^[a-z]{2,10}$/), (local, dom) => {
        const m = maskEmail(`${local}@${dom}.com`);
        // The whole answer: the local part's length is gone, the domain label keeps one letter.
        // (Not `not.toContain(dom)`: the kept '.com' holds 'om' or 'co' itself.)
        expect(m).toBe(`${local[0]}***@${dom[0]}${'*'.repeat(dom.length - 1)}.com`);
      }),
    );
  });
});
