import { PASSWORD_MAX, PASSWORD_MIN } from './http.ts';

// One password rule for the server and the web: at least PASSWORD_MIN characters, not the
// person's own e-mail or name, and not common or easy to guess according to zxcvbn-ts with its
// common and Brazilian Portuguese dictionaries plus the product's and company's names (so
// "Eproto@2026" or "Alfa@2026" is as weak as "Senha@2026"). The dictionaries (~1 MB) are imported on first
// use only, so no page pays for them until someone types a new password.

/** zxcvbn score (0–4) a new password needs; 3 resists ~10^8 guesses. */
export const PASSWORD_MIN_SCORE = 3;

/** What each zxcvbn score is called on the strength meter. */
export const PASSWORD_STRENGTH_LABELS = ['Muito fraca', 'Fraca', 'Razoável', 'Boa', 'Forte'];

export const PASSWORD_MESSAGES = {
  short: `A senha deve ter pelo menos ${PASSWORD_MIN} caracteres.`,
  long: `A senha deve ter no máximo ${PASSWORD_MAX} caracteres.`,
  personal: 'A senha não pode conter seu e-mail ou seu nome.',
  organisation:
    'A senha não pode ser montada com o nome do E-Proto ou da empresa (nem com um ano ou números no fim). Use uma frase com palavras pouco comuns.',
  common:
    'Senha comum ou fácil de adivinhar. Use uma frase com palavras pouco comuns, números ou símbolos.',
  oneWord:
    'Uma só palavra com números ou símbolos (como "Senha@1234" ou um nome e o ano) é fácil de adivinhar. Use uma frase com palavras pouco comuns.',
} as const;

/** Whose password it is: their e-mail and name may not be part of it. */
export interface PasswordOwner {
  email?: string | null;
  nome?: string | null;
  /** The employer's name (company settings); the server fills it in, the web may not know it. */
  company?: string | null;
}

/** Spellings of the product's name a password may not be built from. */
export const PRODUCT_NAMES = ['eproto', 'e-proto', 'e.proto', 'e_proto'];

// Legal-form words of a company name, too common to say anything about the company.
const LEGAL_WORDS = new Set(['ltda', 'eireli', 'epp', 'sa', 's.a.', 's/a', 'me', 'mei', 'cia']);

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

/**
 * Folded names of the product and of the company (its name's words of 4+ letters and the first
 * label of the owner's e-mail domain), fed to zxcvbn as words an attacker would try first.
 */
export function organisationWords(owner: PasswordOwner): string[] {
  const domain =
    fold(owner.email?.trim() ?? '')
      .split('@')[1]
      ?.split('.')[0] ?? '';
  const company = fold(owner.company ?? '')
    .split(/[\s,&/()-]+/)
    .filter((w) => !LEGAL_WORDS.has(w));
  const parts = [...PRODUCT_NAMES, domain, ...company];
  return [...new Set(parts.filter((p) => p.replace(/[^a-z0-9]/g, '').length >= 4))];
}

const containsAny = (password: string, words: string[]) => {
  const folded = fold(password).replace(/\s+/g, '');
  const bare = folded.replace(/[^a-z0-9]/g, '');
  return words.some((w) => folded.includes(w) || bare.includes(w.replace(/[^a-z0-9]/g, '')));
};

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

/**
 * The password's only run of letters when everything else is digits and symbols ("Senha" of
 * "Senha@1234", "Eproto" of "Eproto@2026"), else null.
 */
export function soleWordOf(password: string): string | null {
  const [first, ...rest] = password.match(/\p{L}+/gu) ?? [];
  return first !== undefined && rest.length === 0 ? first : null;
}

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
  const organisation = organisationWords(owner);
  const inputs = [...personalWords(owner), ...organisation];
  const result = check(password.slice(0, PASSWORD_MAX), inputs);
  const hints = [result.feedback.warning, ...result.feedback.suggestions].filter((h): h is string =>
    Boolean(h),
  );
  const personal = containsPersonalData(password, owner);
  // One guessable word dressed with a symbol and a number or year: zxcvbn alone may score it 3
  // ("Senha@1234": it reads "Senha@" as six random characters), an attacker tries it first.
  const word = soleWordOf(password);
  const oneWord = word !== null && check(word, inputs).score < PASSWORD_MIN_SCORE;
  const cap = personal ? 1 : oneWord ? PASSWORD_MIN_SCORE - 1 : 4;
  const score = Math.min(result.score, cap) as PasswordScore;
  const problem =
    password.length < PASSWORD_MIN
      ? PASSWORD_MESSAGES.short
      : password.length > PASSWORD_MAX
        ? PASSWORD_MESSAGES.long
        : personal
          ? PASSWORD_MESSAGES.personal
          : score >= PASSWORD_MIN_SCORE
            ? null
            : containsAny(password, organisation)
              ? PASSWORD_MESSAGES.organisation
              : result.score < PASSWORD_MIN_SCORE
                ? PASSWORD_MESSAGES.common
                : PASSWORD_MESSAGES.oneWord;
  return { ok: problem === null, score, problem, hints };
}
