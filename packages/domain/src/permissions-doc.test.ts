import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { permissionTableMarkdown } from './permission-notes.ts';

// docs/development.md "Who may do what" shows PERMISSION_TABLE; this fails when it is stale.
// Regenerate with: UPDATE_PERMISSION_DOC=1 npx vitest run packages/domain/src/permissions-doc.test.ts
const DOC = new URL('../../../docs/development.md', import.meta.url);
const START = '<!-- permission-table:start -->';
const END = '<!-- permission-table:end -->';

/** Table rows with cells trimmed, so prettier's column padding does not matter. */
const cells = (md: string) =>
  md
    .trim()
    .split('\n')
    .map((line) =>
      line
        .split('|')
        .map((c) => c.trim().replace(/^-+$/, '---'))
        .join('|'),
    );

describe('docs/development.md permission table', () => {
  it('is the table of permissions.ts', () => {
    const doc = readFileSync(DOC, 'utf8');
    const from = doc.indexOf(START);
    const to = doc.indexOf(END);
    expect(from, 'marcadores da tabela de permissões').toBeGreaterThan(-1);
    expect(to).toBeGreaterThan(from);
    const table = permissionTableMarkdown();
    if (process.env.UPDATE_PERMISSION_DOC === '1') {
      writeFileSync(DOC, `${doc.slice(0, from + START.length)}\n\n${table}\n\n${doc.slice(to)}`);
      return;
    }
    expect(cells(doc.slice(from + START.length, to))).toEqual(cells(table));
  });
});
