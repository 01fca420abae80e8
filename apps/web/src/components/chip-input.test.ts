import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addChips, normalizeChips, removeChipAt, splitTyped } from './chip-input.tsx';

describe('addChips (spec 2.20, §5: chips on Enter or comma, duplicates ignored)', () => {
  it('adds a trimmed text at the end', () => {
    expect(addChips(['Red'], '  Green ')).toEqual({ chips: ['Red', 'Green'], duplicates: [] });
  });

  it('ignores a duplicate whatever its case, keeping the first spelling, and reports it', () => {
    expect(addChips(['Red', 'Green'], 'RED')).toEqual({ chips: ['Red', 'Green'], duplicates: ['RED'] });
  });

  it('adds every comma-separated text of a paste, once each', () => {
    expect(addChips([], 'Small, Medium,,  , Large, medium')).toEqual({
      chips: ['Small', 'Medium', 'Large'],
      duplicates: ['medium'],
    });
  });

  it('adds nothing for blank text', () => {
    expect(addChips(['Red'], '   ')).toEqual({ chips: ['Red'], duplicates: [] });
    expect(addChips(['Red'], '')).toEqual({ chips: ['Red'], duplicates: [] });
  });

  it('does not change the list it was given', () => {
    const chips = ['Red'];
    addChips(chips, 'Blue');
    expect(chips).toEqual(['Red']);
  });

  it('never holds two chips equal case-insensitively, blanks or untrimmed text (any input)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 }), { maxLength: 8 }), (typed) => {
        const chips = typed.reduce<string[]>((acc, t) => addChips(acc, t).chips, []);
        const keys = chips.map((c) => c.toLocaleLowerCase());
        expect(new Set(keys).size).toBe(keys.length);
        for (const c of chips) {
          expect(c).toBe(c.trim());
          expect(c).not.toBe('');
          expect(c).not.toContain(',');
        }
      }),
    );
  });
});

describe('removeChipAt (Backspace and the remove button)', () => {
  it('removes the last chip (Backspace in the empty input)', () => {
    expect(removeChipAt(['Red', 'Green', 'Blue'], 2)).toEqual(['Red', 'Green']);
  });

  it('removes a chip in the middle (its x)', () => {
    expect(removeChipAt(['Red', 'Green', 'Blue'], 1)).toEqual(['Red', 'Blue']);
  });

  it('leaves the list as it is for an index out of range', () => {
    expect(removeChipAt(['Red'], 3)).toEqual(['Red']);
    expect(removeChipAt([], -1)).toEqual([]);
  });
});

describe('splitTyped (a typed comma completes the text before it)', () => {
  it('keeps text without a comma in the input', () => {
    expect(splitTyped('Gre')).toEqual({ complete: '', rest: 'Gre' });
  });

  it('completes the text before the comma just typed', () => {
    expect(splitTyped('Green,')).toEqual({ complete: 'Green', rest: '' });
  });

  it('completes everything before the last comma of a paste and keeps the rest', () => {
    expect(splitTyped('a, b, c')).toEqual({ complete: 'a, b', rest: ' c' });
  });
});

describe('normalizeChips (a stored list shown as chips)', () => {
  it('trims, drops blanks and case-insensitive duplicates, keeps the order', () => {
    expect(normalizeChips([' Red', 'green', '', 'RED', 'Blue '])).toEqual(['Red', 'green', 'Blue']);
  });
});
