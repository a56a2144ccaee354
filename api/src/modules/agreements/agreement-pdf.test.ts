// The agreement PDF prints every party's name as written: names and addresses beyond Latin-1 (Polish,
// Czech, Cyrillic, Greek) come back from the PDF's text as they went in (read with PDF.js, tests/fixtures/pdf-text.ts).
import { expect, it } from 'vitest';
import { readPdfText } from '#tests/fixtures/pdf-text';
import { agreementPdf } from './agreement-pdf';
import type { AgreementFacts } from './agreement-document';

const facts: AgreementFacts = {
  proposal: {
    id: 1,
    conversationId: 1,
    spaceId: 1,
    status: 'accepted',
    rent: '1250.00',
    currency: 'USD',
    startDate: '2026-12-01',
    termMonths: 12,
    areaSqFt: null,
    depositMonths: 2,
    utilitiesPaidBy: 'tenant',
    growingActivities: 'Mikrozieleń i zioła (микрозелень)',
    accessHours: '06:00–22:00',
    insuranceAmount: null,
    notes: 'Ørsted-Šimić přivede vodu; Σοφία checks the drains.',
    proposedBy: 2,
    replacesId: null,
    respondedBy: 1,
    respondedAt: '2026-11-20T10:00:00.000Z',
    declineReason: null,
    reference: 'FS-TEST-0001',
    createdAt: '2026-11-19T10:00:00.000Z',
  },
  landlord: { name: 'Łukasz Żółkiewski', email: 'lukasz@example.com' },
  tenant: { name: 'Ирина Петрова', email: 'irina@example.com' },
  space: { title: 'Szklarnia na dachu — Świętokrzyska', address: 'ul. Świętokrzyska 11, Warszawa, PL', size: 1200, spaceType: 'greenhouse' },
};

it('names, addresses and terms beyond Latin-1 are in the PDF as written', async () => {
  const { text } = await readPdfText(await agreementPdf(facts));
  for (const needle of ['Łukasz Żółkiewski', 'Ирина Петрова', 'Świętokrzyska 11, Warszawa', 'Mikrozieleń i zioła (микрозелень)', 'Ørsted-Šimić přivede vodu; Σοφία checks the drains.', '06:00–22:00']) {
    expect(text, needle).toContain(needle);
  }
});
