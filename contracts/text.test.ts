// The one text cutter and the well-formed boundary (contracts/text.ts, issue 38 item 2).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutText, wellFormedDeep, wellFormedText } from './text';

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
const boundaries = (s: string) => new Set([...segmenter.segment(s)].map((g) => g.index).concat(s.length));

describe('cutText', () => {
  it('keeps an emoji across the cut whole or leaves it out whole (the push preview of the attack)', () => {
    const text = 'Thanks for the quick reply! We would love to visit on Saturday morning, if ok 🙂 see you then!';
    const cut = cutText(text, 80, { flatten: true });
    expect(cut.isWellFormed()).toBe(true);
    expect(cut).toBe('Thanks for the quick reply! We would love to visit on Saturday morning, if ok…');
    expect(cutText(`${'x'.repeat(78)}🌱 roof`, 80)).toBe(`${'x'.repeat(78)}…`);
    expect(cutText('👩‍👩‍👧‍👦 family', 13)).toBe('👩‍👩‍👧‍👦…');
    expect(cutText('👩‍👩‍👧‍👦 family', 11)).toBe('…');
    expect(cutText('🙂🙂 family', 4)).toBe('🙂…');
    expect(cutText('e\u0301e\u0301e\u0301', 4)).toBe('e\u0301…');
    expect(cutText('short', 80)).toBe('short');
    expect(cutText('one two three four', 12, { atWord: 0.5 })).toBe('one two…');
  });

  it('never returns more than max units, always at a grapheme (or code point) boundary, well-formed from well-formed text', () => {
    const text = fc.string({ unit: fc.oneof(fc.constantFrom('🙂', '🌱', '👩‍👩‍👧‍👦', '🇺🇸', 'e\u0301', 'a\u0308\u0323', ' ', 'x'), fc.string({ unit: 'grapheme', maxLength: 1 })), maxLength: 120 });
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 130 }), (s, max) => {
        const cut = cutText(s, max);
        expect(cut.length).toBeLessThanOrEqual(max);
        expect(cut.isWellFormed()).toBe(true);
        if (cut === s) return;
        const kept = cut.endsWith('…') ? cut.slice(0, -1) : cut;
        expect(s.startsWith(kept)).toBe(true);
        const next = s.codePointAt(kept.length);
        const atCodePoint = !(kept.length > 0 && next !== undefined && next >= 0xdc00 && next <= 0xdfff);
        expect(boundaries(s).has(kept.length) || s.slice(kept.length).trimStart() !== s.slice(kept.length) || atCodePoint).toBe(true);
      }),
      { numRuns: 500, seed: 38 },
    );
  });
});

describe('wellFormedText', () => {
  it('replaces lone surrogates and NUL, keeps pairs, and the result survives JSON and PostgreSQL', () => {
    expect(wellFormedText('a\uD83Db')).toBe('a\uFFFDb');
    expect(wellFormedText('\uDE42x')).toBe('\uFFFDx');
    expect(wellFormedText('a\u0000b')).toBe('a\uFFFDb');
    expect(wellFormedText('ok 🙂')).toBe('ok 🙂');
    expect(wellFormedDeep({ 'k\uD800': ['x\uDC00', 1, null, { y: '\u0000' }] })).toEqual({ 'k\uFFFD': ['x\uFFFD', 1, null, { y: '\uFFFD' }] });
  });
});
