// The agreement PDF: every party's name as written (names and addresses beyond Latin-1: Polish, Czech,
// Cyrillic, Greek), and a document a person can read (issue 25): a proportional face, no template hint left
// beside a filled blank, the listing's facts filled in, and the renewal the parties chose.
import { describe, expect, it } from 'vitest';
import { EMPTY_GROWING_FACTS } from '#contracts/growing';
import { flatPdfText, pdfFontNames } from '#tests/fixtures/pdf-text';
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
    renewal: 'by_agreement',
    renewalNoticeDays: null,
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
  const flat = await flatPdfText(await agreementPdf(facts));
  for (const needle of ['Łukasz Żółkiewski', 'Ирина Петрова', 'Świętokrzyska 11, Warszawa', 'Mikrozieleń i zioła (микрозелень)', 'Ørsted-Šimić přivede vodu; Σοφία checks the drains.', '06:00–22:00']) {
    expect(flat, needle).toContain(needle);
  }
});

it('a document made after one with "Ż" still prints "Z" (fonts are fresh for each document)', async () => {
  await agreementPdf(facts);
  const next = await flatPdfText(await agreementPdf({ ...facts, landlord: { name: 'Zofia Zebrowski', email: 'zofia@example.com' }, proposal: { ...facts.proposal, notes: 'Zoned M1-2 for urban agriculture.' } }));
  expect(next).toContain('Zofia Zebrowski');
  expect(next).toContain('Zoned M1-2 for urban agriculture.');
});

describe('typeset as a document (issue 25)', () => {
  /** A warehouse whose owner told everything the listing asks, and terms with every blank the parties fill. */
  const warehouse: AgreementFacts = {
    ...facts,
    proposal: { ...facts.proposal, accessHours: 'Mon–Sat 6:00–20:00', insuranceAmount: '1000000.00', growingActivities: 'Hydroponic greens', notes: 'Owner fits a water meter.', renewal: 'automatic', renewalNoticeDays: 60 },
    landlord: { name: 'Olive Owner', email: 'olive@example.com' },
    tenant: { name: 'Fern Farmer', email: 'fern@example.com' },
    space: {
      title: 'Harbor Warehouse',
      address: '400 Harbor Road, Portland, OR 97201, US',
      size: 3000,
      spaceType: 'warehouse',
      state: 'OR',
      country: 'US',
      facts: {
        ...EMPTY_GROWING_FACTS,
        floorLoadKgM2: 500,
        ceilingHeightM: 4.2,
        powerAmps: 200,
        powerPhase: 'three',
        powerKw: 72,
        water: 'dedicated',
        floorDrain: true,
        climateControl: 'hvac',
        goodsAccess: ['freight_elevator', 'loading_dock'],
        foodSafetyStatus: 'Zoned M1-2, urban agriculture permitted',
      },
    },
  };

  it('a Berlin lease is governed by the laws of Germany, in words that fit any country (issue 43 item 14)', async () => {
    const berlin = { ...warehouse, space: { ...warehouse.space, address: 'Oranienstraße 1, 10999 Berlin, DE', state: null, country: 'DE' } };
    const flat = await flatPdfText(await agreementPdf(berlin));
    expect(flat).toContain('governed by the laws of Germany.');
    expect(flat).not.toContain('laws of DE');
    expect(flat).not.toContain('federal');
  });

  it('a filled placeholder keeps no hint beside it; the listing facts and the chosen renewal are in the lease', async () => {
    const flat = await flatPdfText(await agreementPdf(warehouse));
    // The hints that told what goes in a blank are gone once it is filled.
    expect(flat).toContain('access to the Premises Mon–Sat 6:00–20:00, including access for deliveries');
    expect(flat).not.toContain('for example 24 hours a day');
    expect(flat).toContain('$1,000,000.00 per occurrence, naming Landlord');
    expect(flat).not.toContain('commonly $1,000,000');
    expect(flat).not.toContain("typically two to three months' rent");
    // What the listing knows is filled in: floor load, power, goods access, zoning, the rest of the facts.
    for (const needle of [
      'may not exceed 500 kg/m² (102 lb/sq ft) without',
      'Available electrical capacity: 72 kW, 200 A three-phase.',
      'shared use of the freight elevator and the loading dock.',
      'deliveries through the freight elevator or the loading dock.',
      'under current zoning: Zoned M1-2, urban agriculture permitted.',
      'ceiling height 4.2 m (13 ft 9 in); water: dedicated water line; a floor drain; climate control: heating and cooling (HVAC)',
      'governed by the laws of OR, United States.',
    ]) {
      expect(flat, needle).toContain(needle);
    }
    expect(flat).not.toContain('__________ (pounds per square foot)');
    expect(flat).not.toContain('__________ (zoning district)');
    // The renewal the parties chose, not a fixed automatic renewal.
    expect(flat).toContain('Renewal: automatic; at the end of the Term the Lease renews for a further term of the same length');
    expect(flat).toContain('written notice of non-renewal at least 60 days before the Term ends.');
    expect(flat).not.toContain('90 days');
  });

  it('renewal "none" and "by agreement" say so, with no automatic renewal anywhere', async () => {
    const none = await flatPdfText(await agreementPdf({ ...warehouse, proposal: { ...warehouse.proposal, renewal: 'none', renewalNoticeDays: null } }));
    expect(none).toContain('Renewal: none; the Lease ends at the end of the Term.');
    expect(none).not.toMatch(/renews (automatically|for a further term)/);
    const agreed = await flatPdfText(await agreementPdf({ ...warehouse, proposal: { ...warehouse.proposal, renewal: 'by_agreement', renewalNoticeDays: null } }));
    expect(agreed).toContain('Renewal: only by a new written agreement signed by both parties before the Term ends.');
    expect(agreed).not.toMatch(/renews (automatically|for a further term)/);
  });

  it('is set in a proportional face: DejaVu Serif for the lease, no monospace font at all', async () => {
    const fonts = pdfFontNames(await agreementPdf(warehouse));
    expect(fonts).toContain('DejaVuSerif');
    expect(fonts).toContain('DejaVuSerif-Bold');
    for (const font of fonts) expect(font).not.toMatch(/Mono|Courier/i);
  });
});
