// Text for people, cut and made safe in one way everywhere (issue 38 item 2, docs/decisions/1800).
// - cutText: the one way to shorten text a person reads (a preview, a subject, a label, a meta description):
//   by grapheme (Intl.Segmenter), so an emoji, a flag or a letter with its combining marks is kept whole or
//   left out whole; never half a surrogate pair, which PostgreSQL's jsonb refuses.
// - wellFormedText / wellFormedDeep: what a string is made into where it leaves for a store or a wire that
//   refuses broken text (jsonb, a push payload, an e-mail, a PDF, an error kept in a row): lone surrogates
//   become U+FFFD (String.prototype.toWellFormed) and NUL, which PostgreSQL's text and jsonb refuse, too.
//   Applied at those boundaries (the outbox writers, the mailer, the PDF writer), not by each caller.

declare global {
  interface String {
    /** ES2024 (Node 20+, every current browser); the project's TypeScript lib is ES2023. */
    toWellFormed(): string;
    isWellFormed(): boolean;
  }
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

export type CutOptions = {
  /** Appended when the text was cut (default "…"); counted in `max`. Pass '' for none. */
  ellipsis?: string;
  /** Cut at the last space when it keeps at least this share of the text (0–1), e.g. 0.6 for an excerpt. */
  atWord?: number;
  /** Collapse runs of white space to one space and trim first (a one-line preview). */
  flatten?: boolean;
};

/**
 * `text` in at most `max` UTF-16 code units (so at most `max` characters in a PostgreSQL varchar too),
 * ellipsis included; cut between graphemes, the cut's trailing space trimmed. Text that fits is returned as
 * it is (flattened when asked). A first grapheme longer than `max` itself (a letter with hundreds of combining
 * marks) is cut between code points, never inside a surrogate pair.
 */
export function cutText(text: string, max: number, options: CutOptions = {}): string {
  const { ellipsis = '…', atWord, flatten = false } = options;
  const source = flatten ? text.replace(/\s+/g, ' ').trim() : text;
  if (source.length <= max) return source;
  const room = Math.max(0, max - ellipsis.length);
  let end = 0;
  for (const { index, segment } of graphemes.segment(source)) {
    if (index + segment.length > room) {
      // A first grapheme that could never be shown whole (hundreds of combining marks) is cut between code points.
      if (end === 0 && segment.length > max) end = codePointEnd(source, room);
      break;
    }
    end = index + segment.length;
  }
  let cut = source.slice(0, end);
  if (atWord !== undefined) {
    const space = cut.lastIndexOf(' ');
    if (space > room * atWord) cut = cut.slice(0, space);
  }
  return `${cut.trimEnd()}${ellipsis}`;
}

/** The end of the longest run of whole code points of `text` within `room` units. */
function codePointEnd(text: string, room: number): number {
  const code = text.charCodeAt(room - 1);
  return room > 0 && code >= 0xd800 && code <= 0xdbff ? room - 1 : room;
}

/** `text` as PostgreSQL, JSON parsers, mail and PDF writers accept it: no lone surrogate, no NUL. */
export function wellFormedText(text: string): string {
  const formed = text.isWellFormed() ? text : text.toWellFormed();
  return formed.includes('\u0000') ? formed.replaceAll('\u0000', '\uFFFD') : formed;
}

/** A JSON-like value with every string in it (keys too) well-formed: what a jsonb column or a payload receives. */
export function wellFormedDeep<T>(value: T): T {
  if (typeof value === 'string') return wellFormedText(value) as T;
  if (Array.isArray(value)) return value.map((v) => wellFormedDeep(v)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [wellFormedText(k), wellFormedDeep(v)])) as T;
  }
  return value;
}
