import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** The no-restricted-syntax entry ESLint applies to a file of the repository. */
async function restrictedSyntaxOf(file: string): Promise<Linter.RuleEntry | undefined> {
  const config = (await eslint.calculateConfigForFile(file)) as Linter.Config;
  return config.rules?.['no-restricted-syntax'];
}

/** Lines of `code` the rule entry refuses. */
async function refusedLines(entry: Linter.RuleEntry, code: string) {
  const probe = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: { rules: { 'no-restricted-syntax': entry } },
  });
  const [result] = await probe.lintText(code, { filePath: 'probe.js' });
  return result!.messages.map((m) => m.line);
}

const PROBE = [
  'const agenda = createAgendaService(deps, ports);',
  'const scope = createScopeService(tx);',
  'const edits = createProtocolEditService(deps, { protocols });',
  'export { agenda, scope, edits };',
].join('\n');

describe('services are wired once (issue 32)', () => {
  it('a service, a job or a route that builds another service fails lint; the scope reader on a connection does not', async () => {
    for (const file of [
      'apps/server/src/modules/email-digest/email-digest.service.ts',
      'apps/server/src/modules/assistant/assistant-field-data.ts',
      'apps/server/src/jobs/registry.ts',
    ]) {
      const entry = await restrictedSyntaxOf(file);
      expect(entry, file).toBeDefined();
      expect(await refusedLines(entry!, PROBE), file).toEqual([1, 3]);
    }
    const routes = await restrictedSyntaxOf('apps/server/src/modules/murals/murals.routes.ts');
    expect(await refusedLines(routes!, PROBE)).toEqual([1, 2, 3]);
  });

  it('app/services.ts, where every service is built, and the tests may build them', async () => {
    for (const file of [
      'apps/server/src/app/services.ts',
      'apps/server/src/modules/email-digest/email-digest.routes.test.ts',
    ]) {
      const entry = await restrictedSyntaxOf(file);
      expect(entry ? await refusedLines(entry, PROBE) : [], file).toEqual([]);
    }
  });
});
