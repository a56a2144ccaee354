// `npm run lint:tables` (part of `npm run lint`): one writer per table (decision 1313). Every insert, update or
// delete in the API's code, as drizzle's builder (`db.insert(spaces)`, `tx.update(schema.users)`) or as raw SQL
// (`INSERT INTO spaces`, `UPDATE ${spaces} SET`, `DELETE FROM "rate_limits"`), must sit in a file of the table's
// owner (db/schema/owners.ts). Tests are left out (they arrange rows), and so are the seed and the migrations.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, isTable } from 'drizzle-orm';
import ts from 'typescript';
import * as schema from '../../db/schema/index.ts';
import { TABLE_OWNERS, type OwnedTable } from '../../db/schema/owners.ts';

export interface TableWrite {
  file: string;
  line: number;
  table: string;
  how: string;
}

/** drizzle's table objects by the names the code uses for them, and the SQL names. */
export function schemaTables(): { byConst: Map<string, string>; names: Set<string> } {
  const byConst = new Map<string, string>();
  for (const [name, value] of Object.entries(schema)) if (isTable(value)) byConst.set(name, getTableName(value));
  return { byConst, names: new Set(byConst.values()) };
}

const RAW_WRITE = /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(?:ONLY\s+)?(?:"?(\w+)"?|\$\{\s*(?:\w+\.)*(\w+)\s*\}|\$\{([^}]*)\})/gi;
/** A raw write whose table is named at run time (`delete from ${sql.identifier(name)}`): no check can tell its owner. */
export const DYNAMIC = '(a table named at run time)';

/** The table writes in one source text. */
export function writesIn(file: string, text: string, tables = schemaTables()): TableWrite[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: TableWrite[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.arguments.length === 1) {
      const verb = node.expression.name.text;
      const [arg] = node.arguments;
      if (verb === 'insert' || verb === 'update' || verb === 'delete') {
        const ident = ts.isIdentifier(arg!) ? arg.text : ts.isPropertyAccessExpression(arg!) ? arg.name.text : null;
        const table = ident ? tables.byConst.get(ident) : undefined;
        if (table) found.push({ file, line: lineOf(node), table, how: `.${verb}(${arg!.getText(source)})` });
      }
    }
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node) || ts.isStringLiteral(node)) {
      const sqlText = ts.isTemplateExpression(node)
        ? node.head.text + node.templateSpans.map((s) => '${' + s.expression.getText(source) + '}' + s.literal.text).join('')
        : node.text;
      for (const m of sqlText.matchAll(RAW_WRITE)) {
        const table = m[2] ?? (m[3] ? tables.byConst.get(m[3]) ?? m[3] : m[4] !== undefined ? DYNAMIC : undefined);
        if (table && (tables.names.has(table) || table === DYNAMIC)) found.push({ file, line: lineOf(node), table, how: m[0].replace(/\s+/g, ' ') });
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Who a file (relative to the repository) is: its module, or its path under api/src. */
export function writerOf(file: string): string {
  const rel = file.replace(/\\/g, '/').replace(/^api\/src\//, '');
  return /^modules\/([^/]+)\//.exec(rel)?.[1] ?? rel;
}

/** The writes that are not their table's owner's. */
export function foreignWrites(writes: TableWrite[], owners: Record<string, string> = TABLE_OWNERS): TableWrite[] {
  return writes.filter((w) => owners[w.table] !== writerOf(w.file));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

export function check(root: string): string[] {
  const tables = schemaTables();
  const problems = [...tables.names].filter((t) => !(t in TABLE_OWNERS)).map((t) => `db/schema/owners.ts: table ${t} has no owner`);
  for (const t of Object.keys(TABLE_OWNERS)) if (!tables.names.has(t)) problems.push(`db/schema/owners.ts: ${t} is no table of db/schema`);
  for (const full of sourceFiles(path.join(root, 'api/src'))) {
    const file = path.relative(root, full);
    for (const w of foreignWrites(writesIn(file, readFileSync(full, 'utf8'), tables))) {
      problems.push(
        w.table === DYNAMIC
          ? `${w.file}:${w.line}: writes ${DYNAMIC} (${w.how}): name the table, in a file of its owner`
          : `${w.file}:${w.line}: writes ${w.table} (${w.how}), owned by ${TABLE_OWNERS[w.table as OwnedTable]}: call the owner's function instead`,
      );
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = check(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'));
  for (const p of problems) console.error(p);
  if (problems.length) {
    console.error(`\n${problems.length} write(s) outside the table's owner (db/schema/owners.ts, docs/decisions/1313-table-owners-in-code.md)`);
    process.exitCode = 1;
  } else console.log('table owners: every write is its owner\'s');
}
