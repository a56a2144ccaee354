// The export's completeness against the schema (issue 28): every table of db/schema that holds a person's
// rows — a foreign key to users, or a column naming a person by id — is read by a section of the export or
// stands on NOT_EXPORTED with its reason. A new table that names people (reviews) fails here until it is one
// or the other. No database: it reads drizzle's table definitions, the source of the migrations.
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '#db/schema/index';
import { EXPORT_SECTIONS, NOT_EXPORTED, exportedTables } from './account-export';

/** Columns that name a person by id even where no foreign key says so (the audit log keeps no keys on purpose). */
const PERSON_COLUMN = /^(user|owner|farmer|sender|actor|author|reporter|subject_user|resolved_by|proposed_by|responded_by)(_id)?$/;

const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
const nameOf = (table: PgTable) => getTableConfig(table).name;

/** The tables holding a person's rows, and why the test thinks so. */
function personTables(): Map<string, string> {
  const found = new Map<string, string>([['users', 'the people themselves']]);
  for (const table of tables) {
    const config = getTableConfig(table);
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      if (ref.foreignTable === schema.users) found.set(config.name, `${ref.columns.map((c) => c.name).join(', ')} references users`);
    }
    for (const column of config.columns) if (PERSON_COLUMN.test(column.name) && !found.has(config.name)) found.set(config.name, `${column.name} names a person`);
  }
  return found;
}

describe('the account export covers every table that holds a person', () => {
  it('finds the tables that name people in the schema (the check is not vacuous)', () => {
    const found = personTables();
    // As of issue 28: users and 19 tables pointing at them.
    expect(found.size).toBeGreaterThanOrEqual(20);
    for (const name of ['users', 'messages', 'lease_proposals', 'payments', 'saved_spaces', 'audit_log', 'space_photos']) expect(found.has(name), name).toBe(true);
  });

  it('every such table is in a section of the export or on the commented exclusion list', () => {
    const covered = new Set([...exportedTables(), ...NOT_EXPORTED.map((e) => e.table)].map(nameOf));
    const missing = [...personTables()].filter(([name]) => !covered.has(name)).map(([name, why]) => `${name} (${why})`);
    expect(missing, 'add a section to EXPORT_SECTIONS or an entry with its reason to NOT_EXPORTED').toEqual([]);
  });

  it('no table is both exported and excluded, every exclusion says why, section names are unique', () => {
    const exported = new Set(exportedTables().map(nameOf));
    for (const { table, why } of NOT_EXPORTED) {
      expect(exported.has(nameOf(table)), nameOf(table)).toBe(false);
      expect(why.length).toBeGreaterThan(10);
    }
    const names = EXPORT_SECTIONS.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
