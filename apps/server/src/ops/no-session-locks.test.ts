import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** The project's own no-restricted-syntax entries (eslint.config.js). */
async function restrictedSyntax(): Promise<Linter.RuleEntry> {
  const url = pathToFileURL(`${ROOT}eslint.config.js`).href;
  const config = ((await import(url)) as { default: Linter.Config[] }).default;
  const found = config.find((c) => c.rules?.['no-restricted-syntax']);
  if (!found?.rules?.['no-restricted-syntax']) throw new Error('regra não encontrada');
  return found.rules['no-restricted-syntax'];
}

describe('no session advisory locks (PgBouncer in transaction mode)', () => {
  it('the lint rule refuses session locks (lock, try, unlock) and allows the transaction ones', async () => {
    const eslint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: true,
      overrideConfig: { rules: { 'no-restricted-syntax': await restrictedSyntax() } },
    });
    // '#' stands for 'pg_' so that this file does not hold the strings the rule refuses.
    const code = [
      "const a = 'SELECT #advisory_lock($1)';",
      'const b = `select #try_advisory_lock(${a})`;',
      "const c = 'select #advisory_unlock(1)';",
      "const d = 'select #advisory_xact_lock(1)';",
      'const e = `select #try_advisory_xact_lock(${d})`;',
      'export { b, c, e };',
    ]
      .join('\n')
      .replaceAll('#', 'pg_');
    const [result] = await eslint.lintText(code, { filePath: 'probe.js' });
    expect(result!.messages.map((m) => [m.line, m.ruleId])).toEqual([
      [1, 'no-restricted-syntax'],
      [2, 'no-restricted-syntax'],
      [3, 'no-restricted-syntax'],
    ]);
  });

  it('no source file takes one', () => {
    const grep = spawnSync(
      'git',
      ['grep', '-n', '-i', '-E', 'pg_(try_)?advisory_(un)?lock', '--', 'apps', 'packages'].concat([
        'bench',
        'e2e',
        'scripts',
        ':!apps/server/src/ops/no-session-locks.test.ts',
      ]),
      { cwd: ROOT, encoding: 'utf8' },
    );
    // git grep answers 1 when nothing matches.
    expect(grep.status, grep.stderr).toBe(1);
    expect(grep.stdout).toBe('');
  });
});
