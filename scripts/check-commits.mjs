// Commit messages (docs/development.md, "Commits"): a subject of at most 72 characters, a blank
// line, then a body with the why. Checked for every commit after BASELINE (older history is
// kept as it is) by `npm test`, and for the message being written by .githooks/commit-msg.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** Last commit before the rule was checked; its ancestors are not rewritten. */
const BASELINE = 'f803ab325ab5d6cc08dd16bd08aa3fba7a736332';
const MAX_SUBJECT = 72;

/** Problems of one message (empty when it follows the rule). */
export function messageProblems(message) {
  const lines = message
    .split('\n')
    .filter((l) => !l.startsWith('#'))
    .join('\n')
    .trim()
    .split('\n');
  const subject = lines[0] ?? '';
  const problems = [];
  if (!subject.trim()) problems.push('assunto vazio');
  if ([...subject].length > MAX_SUBJECT)
    problems.push(`assunto com ${[...subject].length} caracteres (máximo ${MAX_SUBJECT})`);
  if (lines.length > 1 && lines[1].trim() !== '')
    problems.push('falta a linha em branco depois do assunto');
  if (!lines.slice(1).some((l) => l.trim())) problems.push('falta o corpo com o porquê');
  return problems;
}

function git(args) {
  const r = spawnSync('git', args, { encoding: 'utf8' });
  return r.status === 0 ? r.stdout : null;
}

function checkHistory() {
  if (git(['rev-parse', '--is-inside-work-tree']) === null) {
    console.log('Mensagens de commit: fora de um repositório git, nada a conferir.');
    return 0;
  }
  // A shallow clone may not have the baseline: then only what it has is checked.
  const range =
    git(['cat-file', '-e', `${BASELINE}^{commit}`]) === null ? 'HEAD' : `${BASELINE}..HEAD`;
  const out = git(['log', '--format=%h%x1f%B%x1e', range]) ?? '';
  let bad = 0;
  for (const entry of out.split('\x1e')) {
    const [hash, message] = entry.replace(/^\n/, '').split('\x1f');
    if (!hash || message === undefined) continue;
    const problems = messageProblems(message);
    if (problems.length) {
      bad++;
      console.error(`${hash}: ${problems.join('; ')} — "${message.split('\n')[0]}"`);
    }
  }
  console.log(bad ? `${bad} mensagem(ns) fora da regra.` : 'Mensagens de commit dentro da regra.');
  return bad ? 1 : 0;
}

if (
  process.argv[1] &&
  fs.realpathSync(process.argv[1]) === fs.realpathSync(new URL(import.meta.url).pathname)
) {
  const file = process.argv[2];
  if (file) {
    const problems = messageProblems(fs.readFileSync(file, 'utf8'));
    for (const p of problems) console.error(`Mensagem de commit: ${p}.`);
    process.exit(problems.length ? 1 : 0);
  }
  process.exit(checkHistory());
}
