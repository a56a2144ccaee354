// Lease proposals over HTTP against a real database: every state change and rule of issue 20, the access
// matrix, the race of ten acceptances, the e-mails, the inquiry status, and the agreement draft (.txt equal
// to the filled template; the PDF's text read back through tests/fixtures/pdf-text.ts), the renewal the
// parties choose (issue 25) and the listing's facts in the lease.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillLeaseTemplate, LEASE_HINTS, LEASE_PLACEHOLDER, leasePlaceholders, leaseTemplate } from '#contracts/lease-template';
import { flatPdfText, readPdfText } from '../../fixtures/pdf-text';
import { queryRows } from '#db/client';
import { emailNotifications, spaces, users } from '#db/schema/index';
import { insertSpaces, spaceRow } from '../../fixtures/spaces';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';
import { DAY, MINUTE } from '#api/lib/clock';

const INQUIRY = 'Hello! Is the rooftop still available for a hydroponic lettuce farm?';
const TERMS = {
  rent: '1250.00',
  startDate: '2026-06-01',
  termMonths: 24,
  areaSqFt: null,
  depositMonths: 2,
  utilitiesPaidBy: 'tenant',
  growingActivities: 'Hydroponic leafy greens and microgreens',
  accessHours: 'Mon-Sat 6:00-20:00',
  insuranceAmount: '1000000',
  notes: 'Owner fits a water meter before the start date.',
};

describe('lease proposals and agreements', () => {
  let t: TestApp;
  let owner: TestUser;
  let farmer: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ now: new Date('2026-05-01T09:00:00.000Z') });
    owner = await createSignedInUser(t, { firstName: 'Olive', lastName: 'Owner', verified: true });
    farmer = await createSignedInUser(t, { firstName: 'Fern', lastName: 'Farmer', verified: true });
    stranger = await createSignedInUser(t, { firstName: 'Sam', lastName: 'Stranger', verified: true });
  });
  afterAll(async () => t.close());

  /** A published listing of the owner and the farmer's conversation about it; both ids. */
  async function conversation(overrides: Parameters<typeof spaceRow>[2] = {}): Promise<{ spaceId: number; conversationId: number }> {
    const [space] = await insertSpaces(t.db, [spaceRow(owner.id, t.clock.now(), { title: 'Sunny Rooftop', location: '12 Green Street', city: 'Portland', state: 'OR', zipCode: '97201', size: 2400, pricePerMonth: '1200.00', ...overrides })]);
    const res = await t.request('/api/conversations', { cookie: farmer.cookie, body: { spaceId: space!.id, content: INQUIRY } });
    expect(res.status).toBe(201);
    // Past the e-mail throttle window of the inquiry, so the next e-mails are sent, not held.
    t.clock.advance(16 * MINUTE);
    return { spaceId: space!.id, conversationId: res.json.conversationId };
  }
  const propose = (user: TestUser, conversationId: number, body: Record<string, unknown> = TERMS) =>
    t.request(`/api/conversations/${conversationId}/proposals`, { cookie: user.cookie, body });
  const act = (user: TestUser | null, id: number, action: string, body: unknown = {}) =>
    t.request(`/api/proposals/${id}/${action}`, { cookie: user?.cookie, body });
  const list = (user: TestUser, conversationId: number) => t.request(`/api/conversations/${conversationId}/proposals`, { cookie: user.cookie });
  const countRows = async (table: string) => Number((await queryRows<{ n: string }>(t.db, sql.raw(`select count(*) as n from ${table}`)))[0]!.n);
  const snapshot = () => Promise.all(['lease_proposals', 'messages', 'email_notifications'].map(countRows));
  const statusOf = async (id: number) => (await queryRows<{ status: string }>(t.db, sql`select status from lease_proposals where id = ${id}`))[0]!.status;

  it('proposes terms: 201 with the terms, proposedBy and status open; a card message in the thread; the other party e-mailed', async () => {
    const { conversationId } = await conversation();
    const res = await propose(farmer, conversationId);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      id: expect.any(Number),
      status: 'open',
      rent: '1250.00',
      currency: 'USD',
      startDate: '2026-06-01',
      termMonths: 24,
      areaSqFt: null,
      depositMonths: 2,
      utilitiesPaidBy: 'tenant',
      growingActivities: TERMS.growingActivities,
      accessHours: TERMS.accessHours,
      insuranceAmount: '1000000.00',
      notes: TERMS.notes,
      proposedBy: farmer.id,
      reference: null,
      createdAt: '2026-05-01T09:16:00.000Z',
    });
    const thread = await t.request(`/api/conversations/${conversationId}/messages`, { cookie: owner.cookie });
    expect(thread.json.at(-1)).toMatchObject({ senderId: farmer.id, proposalId: res.json.id, content: expect.stringContaining('$1,250.00 a month from June 1, 2026 for 24 months') });
    expect(thread.json[0].proposalId).toBeNull();
    const mails = await t.db.select().from(emailNotifications).where(eq(emailNotifications.recipient, owner.email)).orderBy(emailNotifications.id);
    expect(mails.at(-1)).toMatchObject({ type: 'new_message', subject: 'New message about Sunny Rooftop' });
    expect(mails.at(-1)!.textBody).toContain('Proposed lease terms');

    // Markup is stripped from the free text; an area is whole square feet within the space.
    const owned = await act(farmer, res.json.id, 'withdraw');
    expect(owned.json.status).toBe('withdrawn');
    const marked = await propose(farmer, conversationId, { ...TERMS, notes: '<img src=x onerror=alert(1)>Bring <b>keys</b>', areaSqFt: '800' });
    expect(marked.status).toBe(201);
    expect(marked.json).toMatchObject({ notes: 'Bring keys', areaSqFt: 800 });
  });

  it('refuses bad terms with clear 4xx messages and writes nothing', async () => {
    const { conversationId } = await conversation();
    const demo = await conversation();
    await t.db.update(spaces).set({ isDemoListing: true }).where(eq(spaces.id, demo.spaceId));
    const gone = await conversation();
    await t.db.update(spaces).set({ deletedAt: t.clock.now(), isActive: false }).where(eq(spaces.id, gone.spaceId));
    // Moderated (issue 19): a listing operators hid, a conversation whose other party is suspended.
    const hidden = await conversation();
    await t.db.update(spaces).set({ hiddenAt: t.clock.now(), hiddenReason: 'test', isActive: false }).where(eq(spaces.id, hidden.spaceId));
    const suspended = await conversation();
    const before = await snapshot();
    const cases: [number, Record<string, unknown>, number, RegExp][] = [
      [conversationId, { ...TERMS, startDate: '2026-04-30' }, 400, /cannot be in the past/],
      [conversationId, { ...TERMS, startDate: '2026-02-30' }, 400, /must be a date/],
      [conversationId, { ...TERMS, startDate: 'tomorrow' }, 400, /must be a date/],
      [conversationId, { ...TERMS, termMonths: 0 }, 400, /from 1 to 360/],
      [conversationId, { ...TERMS, termMonths: 600 }, 400, /from 1 to 360/],
      [conversationId, { ...TERMS, termMonths: 2.5 }, 400, /from 1 to 360/],
      [conversationId, { ...TERMS, rent: '-5' }, 400, /greater than 0/],
      [conversationId, { ...TERMS, rent: -5 }, 400, /greater than 0/],
      [conversationId, { ...TERMS, rent: 0 }, 400, /greater than 0/],
      [conversationId, { ...TERMS, rent: '1e9' }, 400, /greater than 0/],
      [conversationId, { ...TERMS, depositMonths: -1 }, 400, /Deposit must be/],
      [conversationId, { ...TERMS, depositMonths: 13 }, 400, /Deposit must be/],
      [conversationId, { ...TERMS, insuranceAmount: '-100' }, 400, /Insurance amount/],
      [conversationId, { ...TERMS, areaSqFt: 0 }, 400, /Area let/],
      [conversationId, { ...TERMS, areaSqFt: 5000 }, 400, /more than the space's 2,400 sq ft/],
      [conversationId, { ...TERMS, utilitiesPaidBy: 'nobody' }, 400, /Utilities payer/],
      [conversationId, { ...TERMS, notes: 'x'.repeat(2001) }, 400, /at most 2,000/],
      [conversationId, { rent: '100' }, 400, /must be a date/],
      [demo.conversationId, TERMS, 403, /example listing/],
      [gone.conversationId, TERMS, 409, /no longer listed/],
      [hidden.conversationId, TERMS, 409, /hidden by FarmSpace/],
      [999999, TERMS, 404, /Conversation not found/],
    ];
    for (const [id, body, status, message] of cases) {
      const res = await propose(farmer, id, body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(status);
      expect(res.json.message).toMatch(message);
    }
    expect((await t.request(`/api/conversations/abc/proposals`, { cookie: farmer.cookie, body: TERMS })).status).toBe(404);
    await t.db.update(users).set({ suspendedAt: t.clock.now(), suspendedReason: 'test' }).where(eq(users.id, owner.id));
    const toSuspended = await propose(farmer, suspended.conversationId, TERMS);
    expect([toSuspended.status, toSuspended.json.message]).toEqual([409, expect.stringMatching(/suspended/)]);
    await t.db.update(users).set({ suspendedAt: null, suspendedReason: null }).where(eq(users.id, owner.id));
    expect(await snapshot()).toEqual(before);
  });

  it('counter, decline with a reason, withdraw: who may do what, one open proposal at a time, accepted is final', async () => {
    const { conversationId } = await conversation();
    const first = (await propose(farmer, conversationId)).json;
    // The proposer cannot open a second set of terms, nor accept or decline their own.
    const again = await propose(farmer, conversationId, { ...TERMS, rent: '1300' });
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/already have open terms/);
    expect((await act(farmer, first.id, 'accept')).status).toBe(403);
    expect((await act(farmer, first.id, 'decline')).json.message).toMatch(/You proposed these terms/);
    // The other party cannot withdraw them.
    const notMine = await act(owner, first.id, 'withdraw');
    expect(notMine.status).toBe(403);
    expect(notMine.json.message).toMatch(/Only the party who proposed/);

    // The owner counters with a higher rent: the farmer's terms are countered, the owner's open.
    const counter = await propose(owner, conversationId, { ...TERMS, rent: '1400.00' });
    expect(counter.status).toBe(201);
    expect(counter.json).toMatchObject({ status: 'open', proposedBy: owner.id, replacesId: first.id, rent: '1400.00' });
    expect(await statusOf(first.id)).toBe('countered');
    // The countered terms can no longer be accepted or declined by anyone.
    const countered = await act(owner, first.id, 'accept');
    expect(countered.status).toBe(409);
    expect(countered.json.message).toMatch(/replaced by a counter-proposal/);
    expect((await act(owner, first.id, 'decline')).status).toBe(409);
    const replaced = await act(farmer, first.id, 'withdraw');
    expect(replaced.status).toBe(409);
    expect(replaced.json.message).toMatch(/replaced by a counter-proposal/);

    // The farmer declines with a reason (markup stripped).
    const declined = await act(farmer, counter.json.id, 'decline', { reason: '<i>Too</i> expensive for us' });
    expect(declined.status).toBe(200);
    expect(declined.json).toMatchObject({ id: counter.json.id, status: 'declined', declineReason: 'Too expensive for us', respondedBy: farmer.id });
    expect((await act(farmer, counter.json.id, 'accept')).json.message).toMatch(/were declined/);
    expect((await act(farmer, counter.json.id, 'decline', { reason: 'x'.repeat(1001) })).status).toBe(400);

    // The owner proposes again and withdraws; a withdrawn proposal cannot be accepted.
    const third = (await propose(owner, conversationId, { ...TERMS, rent: '1300' })).json;
    expect((await act(owner, third.id, 'withdraw')).json.status).toBe('withdrawn');
    const withdrawn = await act(farmer, third.id, 'accept');
    expect(withdrawn.status).toBe(409);
    expect(withdrawn.json.message).toMatch(/were withdrawn/);

    // Accepted is final; a new proposal may follow it.
    const fourth = (await propose(owner, conversationId, { ...TERMS, rent: '1300' })).json;
    const accepted = await act(farmer, fourth.id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({ status: 'accepted', respondedBy: farmer.id, reference: `FS-2026-${String(fourth.id).padStart(6, '0')}` });
    expect((await act(owner, fourth.id, 'withdraw')).json.message).toMatch(/already accepted/);
    expect((await act(farmer, fourth.id, 'decline')).status).toBe(409);
    expect((await propose(farmer, conversationId, { ...TERMS, rent: '1350' })).status).toBe(201);

    // Newest first, with every state.
    const all = await list(owner, conversationId);
    expect(all.status).toBe(200);
    expect(all.json.map((p: { status: string }) => p.status)).toEqual(['open', 'accepted', 'withdrawn', 'declined', 'countered']);
    // Each change left a message in the thread pointing at its proposal.
    const thread = (await t.request(`/api/conversations/${conversationId}/messages`, { cookie: farmer.cookie })).json as { proposalId: number | null; content: string }[];
    expect(thread.filter((m) => m.proposalId !== null).map((m) => m.content.split(':')[0]!.split('.')[0])).toEqual([
      'Proposed lease terms',
      'Countered with new lease terms',
      'Declined the lease terms',
      'Proposed lease terms',
      'Withdrew the lease terms',
      'Proposed lease terms',
      'Accepted the lease terms',
      'Proposed lease terms',
    ]);
  });

  it('inquiry status: pending, responded when the owner answers with terms, closed when terms are accepted, with the agreement', async () => {
    const { spaceId, conversationId } = await conversation({ title: 'Quiet Basement' });
    const sentStatus = async () => (await t.request('/api/inquiries/farmer', { cookie: farmer.cookie })).json.find((i: { spaceId: number }) => i.spaceId === spaceId);
    const receivedStatus = async () => (await t.request('/api/inquiries/owner', { cookie: owner.cookie })).json.find((i: { spaceId: number }) => i.spaceId === spaceId);
    expect(await sentStatus()).toMatchObject({ status: 'pending', conversationId, agreement: null });
    const proposal = (await propose(owner, conversationId, { ...TERMS, areaSqFt: 1200 })).json;
    expect((await sentStatus()).status).toBe('responded');
    await act(farmer, proposal.id, 'accept');
    const sent = await sentStatus();
    const received = await receivedStatus();
    const agreement = { id: proposal.id, rent: '1250.00', currency: 'USD', startDate: '2026-06-01', termMonths: 24, areaSqFt: 1200, depositMonths: 2, reference: expect.stringMatching(/^FS-2026-/) };
    expect(sent).toMatchObject({ status: 'closed', agreement });
    expect(received).toMatchObject({ status: 'closed', conversationId, agreement });
    // Spec 7's fields stay.
    for (const key of ['id', 'message', 'createdAt', 'space']) expect(sent).toHaveProperty(key);
    for (const key of ['id', 'farmerName', 'farmerEmail', 'message', 'createdAt']) expect(received).toHaveProperty(key);
  });

  it('access matrix: a third user gets 404 and a visitor 401 on every proposal route; nothing is written', async () => {
    const { conversationId } = await conversation();
    const open = (await propose(farmer, conversationId)).json;
    const done = await conversation();
    const accepted = (await propose(owner, done.conversationId)).json;
    await act(farmer, accepted.id, 'accept');
    const before = await snapshot();
    const calls: [string, unknown][] = [
      [`/api/conversations/${conversationId}/proposals`, undefined],
      [`/api/conversations/${conversationId}/proposals`, TERMS],
      [`/api/proposals/${open.id}/accept`, {}],
      [`/api/proposals/${open.id}/decline`, { reason: 'no' }],
      [`/api/proposals/${open.id}/withdraw`, {}],
      [`/api/proposals/${accepted.id}/agreement.pdf`, undefined],
      [`/api/proposals/${accepted.id}/agreement.txt`, undefined],
    ];
    for (const [url, body] of calls) {
      const third = await t.request(url, { cookie: stranger.cookie, body });
      expect(third.status, url).toBe(404);
      expect(third.text).not.toContain('Olive');
      expect((await t.request(url, { body })).status, url).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
    expect(await statusOf(open.id)).toBe('open');
    // Drafts exist only for accepted terms.
    const notYet = await t.request(`/api/proposals/${open.id}/agreement.pdf`, { cookie: owner.cookie });
    expect(notYet.status).toBe(409);
    expect(notYet.json.message).toMatch(/ready once the terms are accepted/);
    expect((await t.request(`/api/proposals/999999/agreement.txt`, { cookie: owner.cookie })).status).toBe(404);
  });

  it('10 concurrent acceptances: exactly one wins, one acceptance message, one agreement e-mail per party', async () => {
    const { conversationId } = await conversation({ title: 'Race Warehouse' });
    const proposal = (await propose(owner, conversationId)).json;
    t.clock.advance(16 * MINUTE);
    const mailsBefore = await t.db.select().from(emailNotifications).where(eq(emailNotifications.type, 'lease_agreement'));
    const results = await Promise.all(Array.from({ length: 10 }, () => act(farmer, proposal.id, 'accept')));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => /already accepted/.test(r.json.message))).toBe(true);
    const accepts = await queryRows<{ n: string }>(t.db, sql`select count(*) as n from messages where proposal_id = ${proposal.id} and content like 'Accepted%'`);
    expect(Number(accepts[0]!.n)).toBe(1);
    const mails = (await t.db.select().from(emailNotifications).where(eq(emailNotifications.type, 'lease_agreement'))).slice(mailsBefore.length);
    expect(mails.map((m) => m.recipient).sort()).toEqual([farmer.email, owner.email].sort());
    expect(mails[0]!.subject).toBe('Lease terms agreed: Race Warehouse');
    expect(mails[0]!.textBody).toContain(`/api/proposals/${proposal.id}/agreement.pdf`);

    // A counter and an acceptance racing: one of them wins, the loser is told why.
    const next = (await propose(owner, conversationId, { ...TERMS, rent: '999' })).json;
    const [accept, counter] = await Promise.all([act(farmer, next.id, 'accept'), propose(farmer, conversationId, { ...TERMS, rent: '900' })]);
    const statuses = [accept.status, counter.status].sort();
    // Either the acceptance came first (then the farmer's terms are new terms, 201) or the counter did (then 409).
    expect([[200, 201], [201, 409]]).toContainEqual(statuses);
    const open = await queryRows<{ n: string }>(t.db, sql`select count(*) as n from lease_proposals where conversation_id = ${conversationId} and status = 'open'`);
    expect(Number(open[0]!.n)).toBeLessThanOrEqual(1);
  });

  it('the agreement: .txt equals the filled template; the PDF has real text with both names, the address, rent and term on every page a draft', async () => {
    const { conversationId } = await conversation({ title: 'Harbor Greenhouse', spaceType: 'greenhouse', location: '400 Harbor Road', city: 'Seattle', state: 'WA', zipCode: '98101', size: 3000, currency: 'USD' });
    const proposal = (await propose(farmer, conversationId, { ...TERMS, growingActivities: '', accessHours: '' })).json;
    await act(owner, proposal.id, 'accept');
    const reference = `FS-2026-${String(proposal.id).padStart(6, '0')}`;

    const txt = await t.request(`/api/proposals/${proposal.id}/agreement.txt`, { cookie: farmer.cookie });
    expect(txt.status).toBe(200);
    expect(txt.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(txt.headers.get('content-disposition')).toContain(`farmspace-lease-draft-${reference}.txt`);
    expect(txt.headers.get('cache-control')).toContain('no-store');
    const [head = '', body = ''] = txt.text.split(`${'-'.repeat(72)}\n\n`);
    // The body is the guide's one template with these values: the same text the article shows, filled.
    const expected = fillLeaseTemplate({
      '[DATE]': 'May 1, 2026',
      '[LANDLORD NAME]': 'Olive Owner',
      '[TENANT NAME]': 'Fern Farmer',
      '[SQUARE FEET]': '3,000',
      '[ROOFTOP / BASEMENT / WAREHOUSE / GREENHOUSE]': 'greenhouse',
      '[PROPERTY ADDRESS]': '400 Harbor Road, Seattle, WA 98101, US',
      '[START DATE]': 'June 1, 2026',
      '[LEASE TERM]': '24 months',
      '[MONTHLY RENT]': '$1,250.00',
      '[DEPOSIT AMOUNT]': '$2,500.00 (2 months of rent)',
      '[UTILITIES PAID BY]': 'Tenant',
      '[INSURANCE AMOUNT]': '$1,000,000.00',
      '[SPECIAL CONDITIONS]': TERMS.notes,
      '[LANDLORD EMAIL]': owner.email,
      '[TENANT EMAIL]': farmer.email,
      // Terms proposed without a renewal choice renew only by a new agreement; the lease's law is the place's.
      '[RENEWAL]': 'only by a new written agreement signed by both parties before the Term ends',
      '[STATE / PROVINCE / COUNTRY]': 'WA, United States',
    });
    expect(body).toBe(expected);
    // Independent of the fill function: every template line without a placeholder or a hint is there
    // verbatim, the unfilled placeholders are visibly blank, and no filled one is left in brackets.
    const insideHint = (line: string) => Object.values(LEASE_HINTS).some((hint) => hint.includes(line.trim()));
    for (const line of leaseTemplate.split('\n').filter((l) => l.trim() && !/[[\]()]/.test(l) && !insideHint(l))) expect(body).toContain(line);
    // A filled blank's hint is gone; an unfilled blank keeps its hint.
    expect(body).not.toContain('(commonly $1,000,000');
    expect(body).not.toContain("(typically two to three months' rent)");
    expect(body).toContain('__________ (access hours) (for example 24 hours a day, 7 days a');
    expect(Object.keys(LEASE_HINTS).every((p) => leasePlaceholders().includes(p))).toBe(true);
    expect(body).toContain('__________ (access hours)');
    expect(body).toContain('__________ (growing activities)');
    expect(body).toContain('__________ (landlord address)');
    expect(body.match(LEASE_PLACEHOLDER)).toBeNull();
    expect(leasePlaceholders().length).toBeGreaterThan(30);
    expect(body).toContain('of greenhouse space located at 400 Harbor Road');
    expect(head).toContain(`Reference: ${reference}    Date: May 1, 2026`);
    expect(head).toContain('A draft, not legal advice.');
    expect(head).toContain('FarmSpace only connects space owners and farmers');
    expect(head).toMatch(/Landlord:\s+Olive Owner <.+>/);
    expect(head).toMatch(/Area let:\s+the whole space \(3,000 sq ft\)/);

    const pdf = await fetch(`${t.baseUrl}/api/proposals/${proposal.id}/agreement.pdf`, { headers: { cookie: owner.cookie } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const read = await readPdfText(bytes);
    for (const needle of ['Olive Owner', 'Fern Farmer', '400 Harbor Road, Seattle, WA 98101, US', '$1,250.00', '24 months', 'June 1, 2026', reference, owner.email, farmer.email, 'Harbor Greenhouse']) {
      expect(read.text, needle).toContain(needle);
    }
    const pages = read.pages.length;
    expect(pages).toBeGreaterThan(1);
    for (let page = 1; page <= pages; page++) {
      const one = read.pages[page - 1]!;
      expect(one, `page ${page}`).toContain('A draft, not legal advice.');
      expect(one, `page ${page}`).toContain('FarmSpace only connects space owners and farmers');
      expect(one, `page ${page}`).toContain(`Page ${page} of ${pages}`);
    }
  });

  it('renewal is a term the parties choose: stored, answered, countered, and written into the agreement; bad choices are refused', async () => {
    const { conversationId } = await conversation({
      title: 'Renewal Warehouse',
      spaceType: 'warehouse',
      floorLoadKgM2: 750,
      powerAmps: 400,
      powerPhase: 'three',
      powerKw: 144,
      goodsAccess: ['loading_dock'],
      foodSafetyStatus: 'Zoned I-2 light industrial',
      accessHours: null,
      access24h: true,
    });
    const before = await snapshot();
    for (const bad of [{ renewal: 'sometimes' }, { renewal: 'automatic', renewalNoticeDays: 0 }, { renewal: 'automatic', renewalNoticeDays: 366 }, { renewal: 'automatic', renewalNoticeDays: 'soon' }]) {
      const res = await propose(farmer, conversationId, { ...TERMS, ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(res.json.fieldErrors ?? {}), JSON.stringify(bad)).toEqual([Object.keys(bad).at(-1)]);
    }
    expect(await snapshot()).toEqual(before);

    // Automatic renewal without a notice period gets the usual 90 days; a notice period without it is dropped.
    const proposed = await propose(farmer, conversationId, { ...TERMS, renewal: 'automatic' });
    expect(proposed.status).toBe(201);
    expect(proposed.json).toMatchObject({ renewal: 'automatic', renewalNoticeDays: 90 });
    const counter = await propose(owner, conversationId, { ...TERMS, accessHours: '', renewal: 'none', renewalNoticeDays: 30 });
    expect(counter.status).toBe(201);
    expect(counter.json).toMatchObject({ renewal: 'none', renewalNoticeDays: null });
    const again = await propose(farmer, conversationId, { ...TERMS, accessHours: '', renewal: 'automatic', renewalNoticeDays: '45' });
    expect(again.json).toMatchObject({ renewal: 'automatic', renewalNoticeDays: 45 });
    const stored = await queryRows<{ renewal: string; renewal_notice_days: number | null }>(t.db, sql`select renewal, renewal_notice_days from lease_proposals where id = ${again.json.id}`);
    expect(stored).toEqual([{ renewal: 'automatic', renewal_notice_days: 45 }]);
    expect((await list(owner, conversationId)).json.find((p: { id: number }) => p.id === counter.json.id)).toMatchObject({ renewal: 'none', renewalNoticeDays: null });
    expect((await act(owner, again.json.id, 'accept')).status).toBe(200);

    const txt = (await t.request(`/api/proposals/${again.json.id}/agreement.txt`, { cookie: owner.cookie })).text;
    expect(txt).toMatch(/Renewal:\s+automatic unless either party gives 45 days' notice\n/);
    const pdf = Buffer.from(await (await fetch(`${t.baseUrl}/api/proposals/${again.json.id}/agreement.pdf`, { headers: { cookie: farmer.cookie } })).arrayBuffer());
    const flat = await flatPdfText(pdf);
    expect(flat).toContain('written notice of non-renewal at least 45 days before the Term ends.');
    expect(flat).not.toContain('at least 90 days');
    // The listing's facts fill the lease: floor load, power, goods access, zoning, and its 24-hour access.
    for (const needle of ['may not exceed 750 kg/m² (154 lb/sq ft) without', 'capacity: 144 kW, 400 A three-phase.', 'shared use of the loading dock.', 'zoning: Zoned I-2 light industrial.', 'access to the Premises 24 hours a day, 7 days a week, including access for deliveries through the loading dock.']) {
      expect(flat, needle).toContain(needle);
    }
  });

  it('e-mails stay within the per-conversation throttle: a party e-mailed minutes ago gets no second e-mail', async () => {
    const { conversationId } = await conversation({ title: 'Throttle Loft' });
    const ownerMails = async () => (await t.db.select().from(emailNotifications).where(eq(emailNotifications.recipient, owner.email))).length;
    const start = await ownerMails();
    const first = (await propose(farmer, conversationId)).json;
    expect(await ownerMails()).toBe(start + 1);
    t.clock.advance(MINUTE);
    await act(farmer, first.id, 'withdraw');
    t.clock.advance(MINUTE);
    await propose(farmer, conversationId, { ...TERMS, rent: '1100' });
    expect(await ownerMails()).toBe(start + 1);
    const due = await queryRows<{ owner_digest_due_at: Date | null }>(t.db, sql`select owner_digest_due_at from conversations where id = ${conversationId}`);
    expect(due[0]!.owner_digest_due_at).not.toBeNull();
    t.clock.advance(DAY);
  });
});
