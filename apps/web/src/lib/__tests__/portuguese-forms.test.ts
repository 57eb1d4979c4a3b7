import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Hedged forms such as "agendamento(s)", "desativado(a)" or "conflito(s)" read as unfinished
// Portuguese; counts go through countOf/pluralForm (@eproto/domain) and sentences avoid gender.
// A lower-case word right before the parenthesis: code such as `setTarget(s)` does not match.
const HEDGE = /(?<![\w.$])[a-zà-ú]{3,}\((s|a|as|es|os|ns|is)\)/;
const ALLOWED = /https?\(s\)|http\(s\)/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === '__tests__' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('user-facing Portuguese', () => {
  it('has no "(s)" / "(a)" hedges in the web app, the server or the domain', () => {
    const root = path.resolve(__dirname, '../../../../..');
    const files = ['apps/web/src', 'apps/server/src', 'packages/domain/src'].flatMap((d) =>
      sources(path.join(root, d)),
    );
    expect(files.length).toBeGreaterThan(100);
    const hits = files.flatMap((f) =>
      fs
        .readFileSync(f, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, where: `${path.relative(root, f)}:${i + 1}` }))
        .filter(({ line }) => HEDGE.test(line.replace(ALLOWED, '')))
        .map(({ line, where }) => `${where}: ${line.trim()}`),
    );
    expect(hits).toEqual([]);
  });
});
