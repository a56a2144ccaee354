// The agreement draft as a PDF (issue 20), made with @react-pdf/renderer on the server only: real text
// (selectable, searchable, extractable), the draft notice and the platform-only statement fixed on every
// page with the reference and page number. The same parts as the .txt (agreement-document.ts).
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { Document, Font, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer';
import { LRUCache } from 'lru-cache';
import { createElement as h } from 'react';
import { createLimiter } from '#api/lib/limiter';
import { agreementParts, type AgreementFacts, type AgreementParts } from './agreement-document';

// The PDF's built-in fonts (Helvetica, Courier) cover Latin-1 only: a party named Łukasz or Ørsted-Šimić,
// a Cyrillic or Greek name, would print as wrong glyphs. DejaVu (an npm package of the TrueType files; free
// licence) covers Latin, Greek and Cyrillic; react-pdf embeds only the glyphs used.
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`);
Font.register({ family: 'DejaVu Sans', fonts: [{ src: fontFile('DejaVuSans') }, { src: fontFile('DejaVuSans-Bold'), fontWeight: 'bold' }] });
Font.register({ family: 'DejaVu Sans Mono', fonts: [{ src: fontFile('DejaVuSansMono') }, { src: fontFile('DejaVuSansMono-Bold'), fontWeight: 'bold' }] });
// The template's lines are laid out as written: no hyphenation inside words.
Font.registerHyphenationCallback((word) => [word]);

const bold = { fontFamily: 'DejaVu Sans', fontWeight: 'bold' } as const;
const BODY_SIZE = 8.2;
/** DejaVu Sans Mono's advance is 0.602 em: one leading space of a template line, in points. */
const MONO_CHAR_WIDTH = BODY_SIZE * 0.602;
const styles = StyleSheet.create({
  page: { paddingTop: 84, paddingBottom: 56, paddingHorizontal: 48, fontFamily: 'DejaVu Sans', fontSize: 10, color: '#1f2a24' },
  header: { position: 'absolute', top: 24, left: 48, right: 48, borderBottomWidth: 1, borderBottomColor: '#1c663c', paddingBottom: 6 },
  headerDraft: { ...bold, fontSize: 9, color: '#8a1c1c' },
  headerPlatform: { fontSize: 7, color: '#4b5a52', marginTop: 2 },
  footer: { position: 'absolute', bottom: 24, left: 48, right: 48, fontSize: 7, color: '#4b5a52', flexDirection: 'row', justifyContent: 'space-between' },
  title: { ...bold, fontSize: 16, marginBottom: 4 },
  meta: { fontSize: 9, color: '#4b5a52', marginBottom: 12 },
  termsTitle: { ...bold, fontSize: 11, marginBottom: 6 },
  term: { flexDirection: 'row', marginBottom: 3 },
  termLabel: { width: 110, ...bold },
  termValue: { flex: 1 },
  rule: { borderBottomWidth: 1, borderBottomColor: '#d6d3c4', marginVertical: 12 },
  body: { fontFamily: 'DejaVu Sans Mono', fontSize: BODY_SIZE, lineHeight: 1.35 },
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
  const parts = agreementParts(facts);
  const key = createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
  const pdf = await rendered.fetch(key, { context: parts });
  if (!pdf) throw new Error('the agreement PDF could not be rendered');
  return pdf;
}

async function renderPdf(parts: AgreementParts): Promise<Buffer> {
  const [draft, platform] = parts.notices;
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
      h(Text, { style: styles.title }, parts.title),
      h(Text, { style: styles.meta }, `Reference: ${parts.reference}    Date: ${parts.date}`),
      h(Text, { style: styles.termsTitle }, 'Terms accepted on FarmSpace'),
      ...parts.terms.map(([label, value]) =>
        h(View, { key: label, style: styles.term, wrap: false }, h(Text, { style: styles.termLabel }, label), h(Text, { style: styles.termValue }, value)),
      ),
      h(View, { style: styles.rule }),
      // react-pdf trims a line's leading spaces: no-break spaces keep the template's indentation.
      // A template line keeps its indent when it wraps: the indent is a margin, not leading spaces.
      ...parts.body.split('\n').map((line, i) => {
        const indent = /^ */.exec(line)![0].length;
        return h(Text, { key: `l${i}`, style: [styles.body, { marginLeft: indent * MONO_CHAR_WIDTH }] }, line.trim() === '' ? ' ' : line.slice(indent));
      }),
      h(
        View,
        { style: styles.footer, fixed: true },
        h(Text, null, `${parts.reference} - ${draft}`),
        h(Text, { render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) => `Page ${pageNumber} of ${totalPages}` }),
      ),
    ),
  );
  return renderToBuffer(doc as Parameters<typeof renderToBuffer>[0]);
}
