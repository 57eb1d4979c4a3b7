import { PASSWORD_MAX, PASSWORD_MIN } from './http.ts';

// One password rule for the server and the web: at least PASSWORD_MIN characters, not the
// person's own e-mail or name, and not common or easy to guess according to zxcvbn-ts with its
// common and Brazilian Portuguese dictionaries. The dictionaries (~1 MB) are imported on first
// use only, so no page pays for them until someone types a new password.

/** zxcvbn score (0–4) a new password needs; 3 resists ~10^8 guesses. */
export const PASSWORD_MIN_SCORE = 3;

/** What each zxcvbn score is called on the strength meter. */
export const PASSWORD_STRENGTH_LABELS = ['Muito fraca', 'Fraca', 'Razoável', 'Boa', 'Forte'];

export const PASSWORD_MESSAGES = {
  short: `A senha deve ter pelo menos ${PASSWORD_MIN} caracteres.`,
  long: `A senha deve ter no máximo ${PASSWORD_MAX} caracteres.`,
  personal: 'A senha não pode conter seu e-mail ou seu nome.',
  common:
    'Senha comum ou fácil de adivinhar. Use uma frase com palavras pouco comuns, números ou símbolos.',
} as const;

/** Whose password it is: their e-mail and name may not be part of it. */
export interface PasswordOwner {
  email?: string | null;
  nome?: string | null;
}

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordVerdict {
  ok: boolean;
  score: PasswordScore;
  /** Why it is refused (a Portuguese sentence), null when accepted. */
  problem: string | null;
  /** zxcvbn's warning and suggestions, in Portuguese. */
  hints: string[];
}

const fold = (v: string) =>
  v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Folded pieces of the owner's e-mail and name (4+ characters) a password may not contain. */
export function personalWords(owner: PasswordOwner): string[] {
  const email = fold(owner.email?.trim() ?? '');
  const local = email.split('@')[0] ?? '';
  const parts = [email, local, ...local.split(/[._+-]+/), ...fold(owner.nome ?? '').split(/\s+/)];
  return [...new Set(parts.filter((p) => p.length >= 4))];
}

/** True when the password contains the owner's e-mail, its user part or a word of the name. */
export function containsPersonalData(password: string, owner: PasswordOwner): boolean {
  const folded = fold(password).replace(/\s+/g, '');
  return personalWords(owner).some((w) => folded.includes(w));
}

type Checker = (
  password: string,
  userInputs: string[],
) => {
  score: PasswordScore;
  feedback: { warning: string | null; suggestions: string[] };
};

let checker: Promise<Checker> | null = null;

/** zxcvbn with the common and pt-BR dictionaries and Portuguese feedback, loaded once. */
function loadChecker(): Promise<Checker> {
  checker ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-pt-br'),
  ]).then(
    ([core, common, ptBr]) => {
      const factory = new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...ptBr.dictionary },
        graphs: common.adjacencyGraphs,
        translations: ptBr.translations,
      });
      return (password, userInputs) => factory.check(password, userInputs);
    },
    (err: unknown) => {
      checker = null; // a failed download may be retried
      throw err;
    },
  );
  return checker;
}

/** Checks a new password against the policy; existing passwords are never re-checked. */
export async function assessNewPassword(
  password: string,
  owner: PasswordOwner = {},
): Promise<PasswordVerdict> {
  const check = await loadChecker();
  const result = check(password.slice(0, PASSWORD_MAX), personalWords(owner));
  const hints = [result.feedback.warning, ...result.feedback.suggestions].filter((h): h is string =>
    Boolean(h),
  );
  const personal = containsPersonalData(password, owner);
  const score = (personal ? Math.min(result.score, 1) : result.score) as PasswordScore;
  const problem =
    password.length < PASSWORD_MIN
      ? PASSWORD_MESSAGES.short
      : password.length > PASSWORD_MAX
        ? PASSWORD_MESSAGES.long
        : personal
          ? PASSWORD_MESSAGES.personal
          : score < PASSWORD_MIN_SCORE
            ? PASSWORD_MESSAGES.common
            : null;
  return { ok: problem === null, score, problem, hints };
}
