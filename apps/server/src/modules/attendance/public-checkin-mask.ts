/*
 * Masks of a found person's details on the public check-in page (issue 11: 'masked details of a
 * found person (never revealed to the browser unmasked)'; spec §5: 'shown masked with
 * asterisks'). Enough stays readable for a visitor to recognise their own details ('Jo** Ad****'),
 * too little to learn someone else's.
 */

/** The characters of `s` (code points, so that an accented or non-Latin letter counts once). */
const chars = (s: string): string[] => Array.from(s);

/**
 * One word masked: a word of 4 or more characters keeps its first 2, one of 2 or 3 its first,
 * a single character becomes '*'; the rest are asterisks ('John' -> 'Jo**', 'Ada' -> 'A**').
 */
export function maskWord(word: string): string {
  const c = chars(word);
  const keep = c.length >= 4 ? 2 : c.length >= 2 ? 1 : 0;
  return c.slice(0, keep).join('') + '*'.repeat(c.length - keep);
}

/**
 * Text masked word by word: every run of letters and digits masked with maskWord, spaces and
 * punctuation kept ('John Adewale' -> 'Jo** Ad*****', '12 Marina Rd.' -> '1* Ma**** R*.').
 * Answers '' for empty or blank text.
 */
export function maskText(text: string | null | undefined): string {
  const t = (text ?? '').trim().replace(/\s+/g, ' ');
  if (!t) return '';
  return t.replace(/[\p{L}\p{N}\p{M}]+/gu, (w) => maskWord(w));
}

/**
 * An e-mail address masked: the local part keeps its first character and becomes 3 asterisks
 * whatever its length; each domain label but the last keeps its first character; the top-level
 * domain stays ('ada.obi@gmail.com' -> 'a***@g****.com'). Text that is not an address is masked
 * as text. Answers '' for empty text.
 */
export function maskEmail(email: string | null | undefined): string {
  const e = (email ?? '').trim();
  if (!e) return '';
  const at = e.lastIndexOf('@');
  if (at <= 0 || at === e.length - 1) return maskText(e);
  const local = chars(e.slice(0, at));
  const labels = e.slice(at + 1).split('.');
  const tld = labels.length > 1 ? labels.pop()! : null;
  const domain = labels.map((l) => {
    const c = chars(l);
    return c.length <= 1 ? '*' : c[0] + '*'.repeat(c.length - 1);
  });
  return `${local[0]}***@${domain.join('.')}${tld !== null ? `.${tld}` : ''}`;
}
