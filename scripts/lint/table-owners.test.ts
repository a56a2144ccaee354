// The one-writer-per-table check (decision 1313): what it counts as a write, who a file is, and that the API
// as it stands writes every table from its owner only (the same check `npm run lint` runs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DYNAMIC, check, foreignWrites, writerOf, writesIn } from './table-owners.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tablesOf = (file: string, text: string) => writesIn(file, text).map((w) => w.table);

describe('table owners', () => {
  it('sees builder writes, raw SQL writes and writes to a table named at run time, and no reads', () => {
    const text = [
      'await db.insert(spaces).values(v);',
      'await tx.update(schema.users).set(s).where(w);',
      'await tx.delete(rateLimits).where(w);',
      'await db.select().from(reviews);',
      'await queryRows(tx, sql`INSERT INTO audit_log (action) values (1)`);',
      'await queryRows(tx, sql`update ${conversations} set x = 1`);',
      'await queryRows(tx, sql`DELETE FROM "push_outbox" where id = 1`);',
      'await queryRows(tx, sql`delete from ${sql.identifier(table)} where id = 1`);',
      'await queryRows(tx, sql`insert into x on conflict do update set a = 1 for update of spaces`);',
      'const cache = new Map(); cache.delete(key);',
      '// a comment: DELETE FROM spaces',
    ].join('\n');
    expect(tablesOf('api/src/x.ts', text)).toEqual(['spaces', 'users', 'rate_limits', 'audit_log', 'conversations', 'push_outbox', DYNAMIC]);
  });

  it('knows a file by its module, or by its path under api/src', () => {
    expect(writerOf('api/src/modules/spaces/publish-space.ts')).toBe('spaces');
    expect(writerOf('api/src/lib/audit-log.ts')).toBe('lib/audit-log.ts');
    expect(writerOf('api/src/jobs/housekeeping.ts')).toBe('jobs/housekeeping.ts');
  });

  it("flags a write from outside the table's owner", () => {
    const writes = writesIn('api/src/modules/photos/photos.service.ts', 'await tx.update(spaces).set(s).where(w); await tx.insert(spacePhotos).values(v);');
    expect(foreignWrites(writes).map((w) => w.table)).toEqual(['spaces']);
  });

  it('the API writes every table from its owner only, and every table has an owner', () => {
    expect(check(root)).toEqual([]);
  });
});
