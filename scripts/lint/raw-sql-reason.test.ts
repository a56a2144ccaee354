// The raw-query rule (decision 0015) under ESLint's RuleTester: red on a raw query without its reason, green
// with `// Raw: <why>` above it and on builder queries. The same rule runs on api/ and db/ in `npm run lint`.
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { rawSqlReason } from './raw-sql-reason.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' } });
const missingReason = { messageId: 'missingReason' } as const;

tester.run('farmspace/raw-sql-reason', rawSqlReason, {
  valid: [
    // The builder, a builder query run as is, a prepared builder query with its placeholders.
    'const rows = await db.select().from(users).where(eq(users.id, id));',
    'const [row] = await counting.prepare(name).execute();',
    'const rows = await prepared.execute({ id: 1 });',
    // A raw query with its reason right above, over several lines or one.
    `// Raw: an upsert whose counter restarts with its window.
     const [row] = await queryRows<{ attempts: number }>(db, sql\`insert into rate_limits …\`);`,
    `// Raw: a data-modifying CTE feeding a second upsert.
     await deps.db.execute(sql\`with v as (…) insert into daily_counts …\`);`,
    `/* Raw: an index expression must be the same text as the queries. */
     export const cell = (lat: SQL) => sql\`floor(\${lat} * \${sql.raw(String(CELLS))})\`;`,
    `// Raw: the public predicate is SQL on the table's own name.
     const matches = !ids.length ? [] : await queryRows<Match>(tx, sql\`select …\`);`,
    `function ping() {
       // Raw: a query on no table.
       return db.execute(sql\`select 1\`);
     }`,
  ],
  invalid: [
    { code: 'const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from reports`);', errors: [missingReason] },
    { code: 'await tx.execute(sql`update conversations set owner_notified_at = now()`);', errors: [missingReason] },
    { code: 'await db.execute(query);', errors: [missingReason] },
    { code: "const column = sql.raw(role === 'owner' ? 'owner_id' : 'farmer_id');", errors: [missingReason] },
    // A comment that gives no reason, or a reason too far away (another statement in between), does not count.
    { code: '// counts the open reports\nconst [open] = await queryRows(db, sql`select 1`);', errors: [missingReason] },
    { code: '// Raw: a reason for the first one.\nconst a = 1;\nconst [open] = await queryRows(db, sql`select 1`);', errors: [missingReason] },
    { code: '// Raw:\nconst [open] = await queryRows(db, sql`select 1`);', errors: [missingReason] },
  ],
});
