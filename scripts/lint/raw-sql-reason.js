// ESLint rule farmspace/raw-sql-reason (decision 0015, issue 27 item 4): a raw query in feature code says
// why drizzle's builder cannot say it. Raw queries are `queryRows(…)`, `db.execute(…)`/`tx.execute(…)` with
// SQL (not a prepared builder query's `.execute({ placeholders })`) and `sql.raw(…)`; each needs a comment
// starting `Raw:` right above its statement (or right before the call).

const REASON = /^\s*Raw:\s*\S/;

/** What kind of raw query a call is, or null. */
function rawKind(node, sourceCode) {
  const callee = node.callee;
  if (callee.type === 'Identifier' && callee.name === 'queryRows') return 'queryRows(…)';
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return null;
  const name = callee.property.name;
  if (name === 'raw' && callee.object.type === 'Identifier' && callee.object.name === 'sql') return 'sql.raw(…)';
  if (name === 'execute') {
    const [first] = node.arguments;
    // No argument: a builder query run as is; an object: a prepared builder query's placeholders.
    if (!first || first.type === 'ObjectExpression') return null;
    return `${sourceCode.getText(callee.object)}.execute(…)`;
  }
  return null;
}

const STATEMENT_LISTS = new Set(['Program', 'BlockStatement', 'StaticBlock', 'SwitchCase']);

/**
 * Is there a `Raw:` comment right before the call or before any expression around it, up to its statement
 * (the comment above `const rows = await queryRows(…)`, or above one branch of a conditional)?
 */
function hasReason(sourceCode, node) {
  for (let current = node; current; current = current.parent) {
    if (sourceCode.getCommentsBefore(current).some((comment) => REASON.test(comment.value))) return true;
    if (!current.parent || STATEMENT_LISTS.has(current.parent.type)) return false;
  }
  return false;
}

/** @type {import('eslint').Rule.RuleModule} */
export const rawSqlReason = {
  meta: {
    type: 'problem',
    docs: { description: 'Require a `// Raw: <why>` comment above every raw SQL query (decision 0015).' },
    messages: {
      missingReason:
        '{{kind}} is a raw query without its reason. Say it with drizzle\'s builder, or put `// Raw: <why the builder cannot say it>` right above it and type its row from the schema (RawRow, db/client.ts). See docs/decisions/0015.',
    },
    schema: [],
  },
  create(context) {
    const sourceCode = context.sourceCode;
    return {
      CallExpression(node) {
        const kind = rawKind(node, sourceCode);
        if (!kind) return;
        if (hasReason(sourceCode, node)) return;
        context.report({ node, messageId: 'missingReason', data: { kind } });
      },
    };
  },
};

export default { meta: { name: 'farmspace' }, rules: { 'raw-sql-reason': rawSqlReason } };
