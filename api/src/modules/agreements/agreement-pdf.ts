// The agreement draft as a PDF (issue 20), made with @react-pdf/renderer on the server only: real text
// (selectable, searchable, extractable), the draft notice and the platform-only statement fixed on every
// page with the reference and page number. The same parts as the .txt (agreement-document.ts), typeset as a
// document: a heading block with the parties and the space, then the lease's numbered clauses (issue 25).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Document, Font, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer';
import { LRUCache } from 'lru-cache';
import { createElement as h } from 'react';
import { createLimiter } from '#api/lib/limiter';
import { agreementParts, type AgreementFacts, type AgreementParts } from './agreement-document';
import { wellFormedDeep } from '#contracts/text';
import { leaseBlocks, sentenceCase, type LeaseBlock } from './lease-blocks';

// The PDF's built-in fonts (Helvetica, Courier) cover Latin-1 only: a party named Łukasz or Ørsted-Šimić,
// a Cyrillic or Greek name, would print as wrong glyphs. DejaVu (an npm package of the TrueType files; free
// licence) covers Latin, Greek and Cyrillic; react-pdf embeds only the glyphs used. The lease is set as a
// document (issue 25): DejaVu Serif, justified, for the text; DejaVu Sans for the furniture around it.
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`);
/** The fonts' files, read once; each document parses its own copies (see renderPdf). */
const FONT_FILES = Object.fromEntries(
  ['DejaVuSans', 'DejaVuSans-Bold', 'DejaVuSerif', 'DejaVuSerif-Bold', 'DejaVuSerif-Italic'].map((name) => [name, `data:font/ttf;base64,${readFileSync(fontFile(name)).toString('base64')}`]),
);

/**
 * Registers the fonts anew. fontkit keeps every glyph it loaded, and a glyph first loaded by id — as "Z" is,
 * being a part of "Ż" when an earlier document embedded it — later comes back from layout without its
 * character, and react-pdf drops it: the next documents printed "ebra" for "Zebra" (diegomura/react-pdf#3404).
 * Font.reset() does not reload in this version, so our two families are dropped and registered again.
 */
function registerFonts() {
  const registered = Font.getRegisteredFonts();
  delete registered['DejaVu Sans'];
  delete registered['DejaVu Serif'];
  Font.register({ family: 'DejaVu Sans', fonts: [{ src: FONT_FILES['DejaVuSans']! }, { src: FONT_FILES['DejaVuSans-Bold']!, fontWeight: 'bold' }] });
  Font.register({
    family: 'DejaVu Serif',
    fonts: [
      { src: FONT_FILES['DejaVuSerif']! },
      { src: FONT_FILES['DejaVuSerif-Bold']!, fontWeight: 'bold' },
      { src: FONT_FILES['DejaVuSerif-Italic']!, fontStyle: 'italic' },
    ],
  });
}
// Words are not hyphenated: names, e-mail addresses and amounts stay whole; justification spaces the words.
Font.registerHyphenationCallback((word) => [word]);

const INK = '#1f2a24';
const MUTED = '#4b5a52';
const BRAND = '#1c663c';
const RULE = '#d6d3c4';
/** The clause numbers hang in this column; the clause text lines up beside it. */
const NUMBER_WIDTH = 30;
const sans = { fontFamily: 'DejaVu Sans' } as const;
const sansBold = { fontFamily: 'DejaVu Sans', fontWeight: 'bold' } as const;
const serifBold = { fontFamily: 'DejaVu Serif', fontWeight: 'bold' } as const;
const styles = StyleSheet.create({
  page: { paddingTop: 90, paddingBottom: 60, paddingHorizontal: 62, fontFamily: 'DejaVu Serif', fontSize: 10, color: INK },
  // A unitless line height is taken times the style's own font size (react-pdf's default size without one),
  // so every style with a line height names its size; the footer's box has none (one there hid it).
  header: { position: 'absolute', top: 24, left: 62, right: 62, borderBottomWidth: 1, borderBottomColor: BRAND, paddingBottom: 6 },
  headerDraft: { ...sansBold, fontSize: 9, lineHeight: 1.3, color: '#8a1c1c' },
  headerPlatform: { ...sans, fontSize: 7, lineHeight: 1.35, color: MUTED, marginTop: 2 },
  footer: { position: 'absolute', bottom: 26, left: 62, right: 62, fontFamily: 'DejaVu Sans', fontSize: 7, color: MUTED, flexDirection: 'row', justifyContent: 'space-between' },
  kicker: { ...sansBold, fontSize: 8, lineHeight: 1.3, color: BRAND, letterSpacing: 1.2, textTransform: 'uppercase' },
  title: { ...serifBold, fontSize: 19, lineHeight: 1.2, marginTop: 4 },
  subtitle: { fontSize: 13, lineHeight: 1.3, marginTop: 2 },
  meta: { ...sans, fontSize: 8.5, lineHeight: 1.3, color: MUTED, marginTop: 6 },
  note: { fontStyle: 'italic', fontSize: 8.5, lineHeight: 1.4, color: MUTED, marginBottom: 8, textAlign: 'justify' },
  parties: { flexDirection: 'row', marginTop: 14, borderTopWidth: 1, borderBottomWidth: 1, borderColor: RULE },
  party: { flex: 1, paddingVertical: 8, paddingRight: 10 },
  partyLast: { flex: 1, paddingVertical: 8, paddingLeft: 10, borderLeftWidth: 1, borderLeftColor: RULE },
  label: { ...sansBold, fontSize: 7.5, lineHeight: 1.3, color: MUTED, letterSpacing: 0.8, textTransform: 'uppercase', marginBottom: 2 },
  partyName: { ...serifBold, fontSize: 11, lineHeight: 1.3 },
  partyLine: { ...sans, fontSize: 8.5, lineHeight: 1.35, color: MUTED },
  space: { paddingVertical: 8, borderBottomWidth: 1, borderBottomColor: RULE },
  termsTitle: { ...sansBold, fontSize: 9.5, lineHeight: 1.3, marginTop: 14, marginBottom: 4 },
  term: { flexDirection: 'row', paddingVertical: 2.5, borderBottomWidth: 0.5, borderBottomColor: RULE },
  termLabel: { ...sansBold, width: 118, fontSize: 8.5, lineHeight: 1.35 },
  termValue: { ...sans, flex: 1, fontSize: 8.5, lineHeight: 1.35 },
  bodyStart: { marginTop: 22, borderTopWidth: 1.5, borderTopColor: BRAND, paddingTop: 12 },
  paragraph: { textAlign: 'justify', fontSize: 10, lineHeight: 1.45, marginBottom: 6 },
  partyClause: { textAlign: 'justify', fontSize: 10, lineHeight: 1.45, marginBottom: 4, marginLeft: NUMBER_WIDTH },
  clause: { ...serifBold, fontSize: 10.5, flexDirection: 'row', marginTop: 8, marginBottom: 3 },
  clauseNumber: { width: NUMBER_WIDTH },
  row: { flexDirection: 'row', marginBottom: 4 },
  subNumber: { width: NUMBER_WIDTH, fontSize: 10, lineHeight: 1.45, color: MUTED },
  rowText: { flex: 1, textAlign: 'justify', fontSize: 10, lineHeight: 1.45 },
  signaturesTitle: { ...serifBold, fontSize: 10.5, marginTop: 18, marginBottom: 6 },
  signatures: { flexDirection: 'row', gap: 24 },
  signature: { flex: 1 },
  signatureLine: { borderBottomWidth: 0.8, borderBottomColor: INK, height: 34 },
  signatureCaption: { ...sans, fontSize: 8.5, lineHeight: 1.35, marginTop: 3 },
  exhibits: { ...sans, fontSize: 8.5, lineHeight: 1.4, color: MUTED },
  exhibitsFirst: { marginTop: 16 },
});

// Rendering takes a core for a tenth of a second or more, and the same accepted terms are downloaded again and
// again (both parties, each device, each click). The PDF is a pure function of its parts, so it is kept by their
// hash (at most 32 MB of PDFs), rendered once for concurrent asks, and at most one renders at a time: a burst of
// downloads cannot starve the requests around it (the fuzz suite's 1,250 downloads once made the database pool
// time out behind them).
const renderOne = createLimiter(1);
const rendered = new LRUCache<string, Buffer, AgreementParts>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (pdf) => pdf.length,
  fetchMethod: (_key, _stale, { context }) => renderOne.run(() => renderPdf(context)),
});

export async function agreementPdf(facts: AgreementFacts): Promise<Buffer> {
  // Well-formed at the PDF writer (issue 38 item 2): a lone surrogate in a title or a note is U+FFFD, not a broken glyph run.
  const parts = wellFormedDeep(agreementParts(facts));
  const key = createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
  const pdf = await rendered.fetch(key, { context: parts });
  if (!pdf) throw new Error('the agreement PDF could not be rendered');
  return pdf;
}

/** The filled template as a document: numbered clauses and justified paragraphs, signatures side by side. */
function leaseBody(body: string) {
  const blocks = leaseBlocks(body);
  const signatures = blocks.filter((b) => b.kind === 'signature');
  const out = [];
  let exhibits = 0;
  for (const [i, block] of blocks.entries()) {
    const key = `b${i}`;
    switch (block.kind) {
      case 'title':
        break; // the heading block above carries the title
      case 'note':
        out.push(h(Text, { key, style: styles.note }, block.text));
        break;
      case 'paragraph':
        out.push(h(Text, { key, style: styles.paragraph }, block.text));
        break;
      case 'party':
        out.push(h(Text, { key, style: styles.partyClause }, h(Text, { style: serifBold }, `${sentenceCase(block.role)}: `), block.text));
        break;
      case 'clause': {
        // A heading never stays alone at the foot of a page: it goes with its clause's first paragraph.
        const next = blocks[i + 1];
        out.push(
          h(
            View,
            { key, wrap: false },
            h(View, { style: styles.clause }, h(Text, { style: styles.clauseNumber }, `${block.number}.`), h(Text, null, sentenceCase(block.heading))),
            next?.kind === 'clause-paragraph' ? clauseParagraph(next) : null,
          ),
        );
        break;
      }
      case 'clause-paragraph':
        if (blocks[i - 1]?.kind !== 'clause') out.push(h(View, { key }, clauseParagraph(block)));
        break;
      case 'signatures':
        out.push(
          h(
            View,
            { key, wrap: false },
            h(Text, { style: styles.signaturesTitle }, 'Signatures'),
            h(
              View,
              { style: styles.signatures },
              ...signatures.map((s) =>
                h(View, { key: s.role, style: styles.signature }, h(View, { style: styles.signatureLine }), h(Text, { style: styles.signatureCaption }, `${s.role}: ${s.name}`), h(Text, { style: styles.signatureCaption }, 'Date:')),
              ),
            ),
          ),
        );
        break;
      case 'signature':
        break; // set together under "Signatures"
      case 'exhibit':
        out.push(h(Text, { key, style: exhibits++ === 0 ? [styles.exhibits, styles.exhibitsFirst] : styles.exhibits }, block.text));
        break;
    }
  }
  return out;
}

/** Paragraphs up to this long move to the next page whole: split, the number stayed behind alone. */
const UNBROKEN_PARAGRAPH = 900;

/** A clause's paragraph: its number ("4.1") hanging in the number column, the text justified beside it. */
function clauseParagraph(block: Extract<LeaseBlock, { kind: 'clause-paragraph' }>) {
  return h(
    View,
    { style: styles.row, wrap: block.text.length > UNBROKEN_PARAGRAPH },
    h(Text, { style: styles.subNumber }, block.number ?? ''),
    h(Text, { style: styles.rowText }, block.text),
  );
}

async function renderPdf(parts: AgreementParts): Promise<Buffer> {
  // Fresh fonts for each document (registerFonts); renders run one at a time (renderOne), so this is safe.
  registerFonts();
  const [draft, platform] = parts.notices;
  const title = leaseBlocks(parts.body).find((b) => b.kind === 'title');
  const party = (label: string, p: { name: string; email: string }, style: (typeof styles)[keyof typeof styles]) =>
    h(View, { style }, h(Text, { style: styles.label }, label), h(Text, { style: styles.partyName }, p.name), h(Text, { style: styles.partyLine }, p.email));
  const doc = h(
    Document,
    { title: parts.title, author: 'FarmSpace', subject: `Lease agreement draft ${parts.reference}`, creator: 'FarmSpace', producer: 'FarmSpace' },
    h(
      Page,
      { size: 'A4', style: styles.page },
      h(
        View,
        { style: styles.header, fixed: true },
        h(Text, { style: styles.headerDraft }, `DRAFT - ${draft}`),
        h(Text, { style: styles.headerPlatform }, platform),
      ),
      h(
        View,
        { style: styles.footer, fixed: true },
        h(Text, null, `${parts.reference} - ${draft}`),
        h(Text, { render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) => `Page ${pageNumber} of ${totalPages}` }),
      ),
      h(Text, { style: styles.kicker }, 'Lease agreement draft'),
      h(Text, { style: styles.title }, title ? title.text.toLowerCase().replace(/\b\p{L}/gu, (c) => c.toUpperCase()) : parts.title),
      h(Text, { style: styles.subtitle }, parts.space.title),
      h(Text, { style: styles.meta }, `Reference ${parts.reference}  ·  Terms accepted on FarmSpace on ${parts.date}`),
      h(View, { style: styles.parties }, party('Landlord', parts.landlord, styles.party), party('Tenant', parts.tenant, styles.partyLast)),
      h(
        View,
        { style: styles.space },
        h(Text, { style: styles.label }, 'The space'),
        h(Text, { style: styles.partyName }, parts.space.title),
        h(Text, { style: styles.partyLine }, `${parts.space.address}  ·  ${parts.space.kind}`),
      ),
      h(Text, { style: styles.termsTitle }, 'Terms accepted on FarmSpace'),
      ...parts.terms.map(([label, value]) =>
        h(View, { key: label, style: styles.term, wrap: false }, h(Text, { style: styles.termLabel }, label), h(Text, { style: styles.termValue }, value)),
      ),
      h(View, { style: styles.bodyStart }),
      ...leaseBody(parts.body),
    ),
  );
  return renderToBuffer(doc as Parameters<typeof renderToBuffer>[0]);
}
