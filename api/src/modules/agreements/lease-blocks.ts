// The filled lease template read as a document: its title, note, numbered clauses and their paragraphs,
// the signature lines and exhibits. The template is hard-wrapped plain text (the guide shows and downloads
// it as it is); the PDF sets these blocks as justified paragraphs instead of the template's line breaks.

export type LeaseBlock =
  | { kind: 'title'; text: string }
  | { kind: 'note'; text: string }
  /** A paragraph before the first clause ("This Lease Agreement … between:"). */
  | { kind: 'paragraph'; text: string }
  /** "LANDLORD: Olive Owner, of … ("Landlord"), and". */
  | { kind: 'party'; role: string; text: string }
  | { kind: 'clause'; number: string; heading: string }
  /** A paragraph of a clause: numbered ("4.1") or not. */
  | { kind: 'clause-paragraph'; number: string | null; text: string }
  | { kind: 'signatures' }
  | { kind: 'signature'; role: string; name: string }
  | { kind: 'exhibit'; text: string };

const CLAUSE = /^(\d+)\.\s+([A-Z][A-Z ,'/&-]*)$/;
const SUB_CLAUSE = /^\s+(\d+\.\d+)\s+(.*)$/;
const PARTY = /^([A-Z]+):\s+(.*)$/;
const SIGNATURE_LINE = /^([A-Z][a-z]+):\s+_{5,}/;
/** A line that ends a sentence or introduces one: a capitalised line after it starts a new paragraph. */
const ENDS_SENTENCE = /[.:]$/;

export function leaseBlocks(body: string): LeaseBlock[] {
  const blocks: LeaseBlock[] = [];
  let mode: 'head' | 'clauses' | 'signatures' = 'head';
  let open: { kind: 'note' | 'paragraph' | 'clause-paragraph'; number: string | null; lines: string[] } | null = null;
  let signature: { role: string } | null = null;
  let previous = '';

  const close = () => {
    if (!open) return;
    const text = open.lines.join(' ');
    if (open.kind === 'clause-paragraph') blocks.push({ kind: 'clause-paragraph', number: open.number, text });
    else blocks.push({ kind: open.kind, text });
    open = null;
  };

  for (const [i, raw] of body.split('\n').entries()) {
    const line = raw.trimEnd();
    const text = line.trim();
    if (!text) {
      close();
      previous = '';
      continue;
    }
    if (i === 0) {
      blocks.push({ kind: 'title', text });
    } else if (CLAUSE.test(line)) {
      close();
      const [, number, heading] = CLAUSE.exec(line)!;
      blocks.push({ kind: 'clause', number: number!, heading: heading! });
      mode = 'clauses';
    } else if (text === 'SIGNATURES' && mode === 'clauses') {
      close();
      blocks.push({ kind: 'signatures' });
      mode = 'signatures';
    } else if (mode === 'signatures') {
      const sign = SIGNATURE_LINE.exec(line);
      if (sign) signature = { role: sign[1]! };
      else if (signature && /^\s/.test(line)) {
        blocks.push({ kind: 'signature', role: signature.role, name: text });
        signature = null;
      } else blocks.push({ kind: 'exhibit', text });
    } else if (mode === 'head') {
      const party = PARTY.exec(line);
      if (party && !open) blocks.push({ kind: 'party', role: party[1]!, text: party[2]!.trim() });
      else if (open) open.lines.push(text);
      else open = { kind: blocks.length === 1 && text.startsWith('(') ? 'note' : 'paragraph', number: null, lines: [text] };
    } else {
      const sub = SUB_CLAUSE.exec(line);
      const continues = open !== null && /^\s/.test(line) && !(ENDS_SENTENCE.test(previous) && /^[A-Z]/.test(text));
      if (sub) {
        close();
        open = { kind: 'clause-paragraph', number: sub[1]!, lines: [sub[2]!.trim()] };
      } else if (continues) open!.lines.push(text);
      else {
        close();
        open = { kind: 'clause-paragraph', number: null, lines: [text] };
      }
    }
    previous = text;
  }
  close();
  return blocks;
}

/** "DEFAULT AND TERMINATION" → "Default and termination": a clause heading set in sentence case. */
export function sentenceCase(heading: string): string {
  const lower = heading.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}
