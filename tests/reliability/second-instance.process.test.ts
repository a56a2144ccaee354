// Issue 15, item 19: `npm start` rebuilt the site in place when PORT/PUBLIC_SITE_URL differed from the last
// build, so a second instance started from the same checkout made the first answer "Not found" for the
// length of the build. Instance 1 serves the site; instance 2 starts from the same checkout with another
// port and another PUBLIC_SITE_URL (a new one each run, so it really builds); instance 1's pages are
// polled the whole time and must answer 200, every time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { siteUrl } from '../../scripts/build-site';
import { killStarted, processLogs, startProduct } from './process-harness';
import { assertNoSecrets } from './secrets';
import { recordFigures } from './summary';

const dataDirs = [mkdtempSync(path.join(tmpdir(), 'reliability-inst1-')), mkdtempSync(path.join(tmpdir(), 'reliability-inst2-'))];
afterAll(() => {
  killStarted();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  assertNoSecrets(processLogs, 'second-instance product logs');
});

/** Pre-rendered pages, an on-demand page and the API: what a visitor of instance 1 may ask for meanwhile. */
const PAGES = ['/', '/about', '/how-it-works', '/spaces', '/blog', '/sitemap.xml', '/api/health'];

describe('a second instance from the same checkout', () => {
  it('builds and starts without instance 1 ever answering anything but 200', { timeout: 900_000 }, async () => {
    // Instance 1 serves the build the fault tests share (tests/setup/process-setup.ts made it): no build here.
    const first = await startProduct({ SERVE_SITE: 'true', DATA_DIR: dataDirs[0]!, DATABASE_URL: '', PUBLIC_SITE_URL: siteUrl() });
    const before = await fetch(`${first.baseUrl}/about`);
    expect(before.status).toBe(200);

    const answers = new Map<string, number>();
    let polling = true;
    const poller = (async () => {
      for (let i = 0; polling; i++) {
        const page = PAGES[i % PAGES.length]!;
        let outcome: string;
        try {
          const res = await fetch(`${first.baseUrl}${page}`);
          await res.arrayBuffer();
          outcome = res.status === 200 ? '200' : `${res.status} ${page}`;
        } catch (error) {
          outcome = `no answer ${page}: ${(error as Error).message}`;
        }
        answers.set(outcome, (answers.get(outcome) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();

    const second = await startProduct({
      SERVE_SITE: 'true',
      DATA_DIR: dataDirs[1]!,
      DATABASE_URL: '',
      PUBLIC_SITE_URL: `http://farmspace-${Date.now().toString(36)}.test`,
    });
    expect((await fetch(`${second.baseUrl}/about`)).status).toBe(200);
    polling = false;
    await poller;

    const served = answers.get('200') ?? 0;
    const failures = [...answers].filter(([outcome]) => outcome !== '200');
    recordFigures('faults', { 'second instance started beside a running one': 1, 'requests to the running one meanwhile': served + failures.reduce((n, [, c]) => n + c, 0) });
    expect(failures, 'instance 1 answered something other than 200 while instance 2 built and started').toEqual([]);
    expect(served).toBeGreaterThan(PAGES.length);
    // Each instance keeps its own address in its canonical URLs.
    expect(await (await fetch(`${first.baseUrl}/about`)).text()).toContain(`${siteUrl()}/about`);
  });
});
