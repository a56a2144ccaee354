// The documentation holds together (issue 27 item 5): every relative link of README.md and docs/ resolves
// (the file, and the heading when the link names one), the README fits on a screen, every decision record
// starts with its date and status, and the decisions index lists every record once.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const decisionsDir = path.join(root, 'docs/decisions');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return markdownFiles(full);
    return name.endsWith('.md') ? [full] : [];
  });
}

const documents = [path.join(root, 'README.md'), ...markdownFiles(path.join(root, 'docs'))];
const read = (file: string) => readFileSync(file, 'utf8');
const withoutCode = (text: string) => text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const headings = withoutCode(read(file))
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => headingAnchor(line.replace(/^#+ /, '')));
  return new Set(headings);
}

/** The relative links of a markdown file: [text](target), outside code. */
export function relativeLinks(text: string): string[] {
  return [...withoutCode(text).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((target) => !/^[a-z]+:/i.test(target));
}

/** Why a link from `file` does not resolve, or null. */
export function brokenLink(file: string, target: string): string | null {
  const [pathPart, anchor] = target.split('#') as [string, string | undefined];
  const resolved = pathPart ? path.resolve(path.dirname(file), pathPart) : file;
  if (!existsSync(resolved)) return `${target}: no such file`;
  if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) return `${target}: no heading #${anchor}`;
  return null;
}

describe('documentation links', () => {
  it('finds the links it checks, and tells a missing file or heading', () => {
    expect(relativeLinks('See [a](docs/a.md), [b](https://x.example), `[c](not.md)` and [d](#quick-start).')).toEqual(['docs/a.md', '#quick-start']);
    const readme = path.join(root, 'README.md');
    expect(brokenLink(readme, 'docs/no-such-page.md')).toMatch(/no such file/);
    expect(brokenLink(readme, 'docs/testing.md#no-such-heading')).toMatch(/no heading/);
    expect(brokenLink(readme, '#quick-start')).toBeNull();
    expect(headingAnchor("Running the marketplace: reports, the console, owners' numbers")).toBe('running-the-marketplace-reports-the-console-owners-numbers');
  });

  for (const file of documents) {
    const name = path.relative(root, file);
    it(`every relative link of ${name} resolves`, () => {
      const broken = relativeLinks(read(file))
        .map((target) => brokenLink(file, target))
        .filter((problem): problem is string => problem !== null);
      expect(broken).toEqual([]);
    });
  }
});

describe('README', () => {
  it('fits on a screen: at most 150 lines', () => {
    expect(read(path.join(root, 'README.md')).trimEnd().split('\n').length).toBeLessThanOrEqual(150);
  });
});

describe('decision records', () => {
  const records = readdirSync(decisionsDir).filter((name) => /^\d{4}-.+\.md$/.test(name));

  it('each starts with its date and status', () => {
    const undated = records.filter((name) => {
      const head = read(path.join(decisionsDir, name)).split('\n').slice(0, 8).join('\n');
      return !/^(- )?Date: \d{4}-\d{2}-\d{2}/m.test(head) || !/(^(- )?|· )Status: \S/m.test(head);
    });
    expect(undated).toEqual([]);
  });

  it('the index lists every record once', () => {
    const listed = [...read(path.join(decisionsDir, 'README.md')).matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((m) => m[1]!);
    expect(listed.sort()).toEqual([...records].sort());
  });
});

/** Folders and root files whose code may cite the documentation (issue 39 item 6). */
const CODE_ROOTS = ['api', 'bench', 'contracts', 'db', 'deploy', 'scripts', 'site', 'tests', '.ci'];
const CODE_FILE = /\.(ts|tsx|mts|js|mjs|cjs|astro|sh|ya?ml|css|sql)$|^run$/;
const SKIPPED = new Set(['node_modules', 'dist', '.astro', 'results', 'test-results']);

function codeFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return SKIPPED.has(name) || name.startsWith('dist-') ? [] : codeFiles(full);
    return CODE_FILE.test(name) ? [full] : [];
  });
}

const decisionNumbers = () => new Set(readdirSync(decisionsDir).filter((name) => /^\d{4}-/.test(name)).map((name) => name.slice(0, 4)));

/**
 * What a piece of code cites: every `decision NNNN` (also `decisions 0016/1310`, `decision 0016 and 1310`)
 * and every `docs/…` path (`docs/decisions/0802` names a record by its number alone).
 */
export function citations(text: string): Array<{ line: number; decision?: string; doc?: string }> {
  const found: Array<{ line: number; decision?: string; doc?: string }> = [];
  text.split('\n').forEach((content, index) => {
    const line = index + 1;
    for (const m of content.matchAll(/\bdecisions?\s+(\d{4}(?:\s*(?:\/|,|and|&|or)\s*\d{4})*)/gi)) {
      for (const n of m[1]!.match(/\d{4}/g)!) found.push({ line, decision: n });
    }
    for (const m of content.matchAll(/(?<![\w/.-])docs\/[\w./-]*\w/g)) {
      const numbered = /^docs\/decisions\/(\d{4})$/.exec(m[0]);
      found.push(numbered ? { line, decision: numbered[1] } : { line, doc: m[0] });
    }
  });
  return found;
}

describe('references from code to the documentation', () => {
  it('finds decision numbers and docs paths', () => {
    const text = '// see decisions 0016/1310 and decision 0602\n/* docs/operations.md, docs/decisions/0802) and docs/decisions/1310-x.md. */';
    expect(citations(text)).toEqual([
      { line: 1, decision: '0016' },
      { line: 1, decision: '1310' },
      { line: 1, decision: '0602' },
      { line: 2, doc: 'docs/operations.md' },
      { line: 2, decision: '0802' },
      { line: 2, doc: 'docs/decisions/1310-x.md' },
    ]);
  });

  it('every decision and docs/ path that the code cites exists', () => {
    const numbers = decisionNumbers();
    const files = [...CODE_ROOTS.flatMap((dir) => codeFiles(path.join(root, dir))), ...readdirSync(root).filter((name) => CODE_FILE.test(name) && statSync(path.join(root, name)).isFile()).map((name) => path.join(root, name))];
    const dangling = files
      .filter((file) => file !== fileURLToPath(import.meta.url))
      .flatMap((file) =>
        citations(read(file))
          .filter((c) => (c.decision ? !numbers.has(c.decision) : !existsSync(path.join(root, c.doc!))))
          .map((c) => `${path.relative(root, file)}:${c.line}: ${c.decision ? `decision ${c.decision}` : c.doc}`),
      );
    expect(dangling).toEqual([]);
  });
});

describe('the generated route figures (decision 1315)', () => {
  it('docs/testing.md and docs/routes.md are what npm run docs:routes writes from the route table', async () => {
    const { ROUTES_DOC, TESTING_DOC, routesPage, withSummary } = await import('./routes-doc.ts');
    const testing = read(TESTING_DOC);
    expect(testing, 'run npm run docs:routes').toBe(withSummary(testing));
    expect(existsSync(ROUTES_DOC) ? read(ROUTES_DOC) : '', 'run npm run docs:routes').toBe(routesPage());
  });
});
