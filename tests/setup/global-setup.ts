// Runs once per test run: migrates a PGlite database and dumps it (each test file loads the dump in
// ~0.4 s instead of migrating anew), and, with TEST_DATABASE_URL, migrates that PostgreSQL database so
// that each test app can clone it as a template.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#db/client';
import { PGLITE_DUMP_PATH } from './paths';

export default async function setup(project: TestProject) {
  // A fresh figures file per run (tests/reliability/summary.ts; `npm run reliability:summary`).
  rmSync(path.resolve('.tmp', 'reliability-summary.jsonl'), { force: true });
  mkdirSync(path.dirname(PGLITE_DUMP_PATH), { recursive: true });
  const pglite = new PGlite();
  const handle = openDatabase({ pglite });
  await handle.migrate();
  const dump = await pglite.dumpDataDir('gzip');
  writeFileSync(PGLITE_DUMP_PATH, Buffer.from(await dump.arrayBuffer()));
  await handle.close();

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const pg = openDatabase({ databaseUrl: url, poolSize: 1 });
    await pg.migrate();
    await pg.close();
  }
  project.provide('pgliteDumpPath', PGLITE_DUMP_PATH);
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
  }
}
