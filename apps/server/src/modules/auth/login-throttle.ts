import type { DbOrTx } from '../../db/client.ts';
import { RetryLaterError } from '../../lib/errors.ts';
import { createLoginThrottleRepo } from './login-throttle.repo.ts';
import { queryAll } from '../../db/query-all.ts';

/**
 * Sign-in throttling (OWASP authentication and credential-stuffing cheat sheets). Its state is
 * the login_attempts table, so every node sees the same counts. Someone else's failures from
 * another address never block the owner, until the account-wide lock.
 */
export const LOGIN_LIMITS = {
  /** Failures of one e-mail from one address answered without delay. */
  pairFreeFailures: 5,
  /** Wait after the last of those; it doubles with each further failure, up to the maximum. */
  pairBaseDelayMs: 30_000,
  pairMaxDelayMs: 15 * 60_000,
  pairWindowMs: 24 * 3_600_000,
  /** Distinct e-mails one address may keep failing on within ipWindowMs (password spraying). */
  ipMaxAccounts: 20,
  ipWindowMs: 60 * 60_000,
  /** Failures of one e-mail from any address that lock it until a reset link is used. */
  accountLockFailures: 50,
  accountWindowMs: 24 * 3_600_000,
} as const;

// Attempts older than this matter to no rule; they are pruned now and then.
const KEEP_MS = 7 * 24 * 3_600_000;

export const ACCOUNT_LOCKED_MESSAGE =
  'Esta conta foi bloqueada por excesso de tentativas de login. Para desbloquear, use "Esqueci minha senha" e crie uma nova senha pelo link enviado por e-mail.';

/** "30 segundos", "2 minutos", "1 hora": how long to wait, rounded up. */
export function waitText(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  if (s < 60) return `${s} ${s === 1 ? 'segundo' : 'segundos'}`;
  const m = Math.ceil(s / 60);
  if (m < 60) return `${m} ${m === 1 ? 'minuto' : 'minutos'}`;
  const h = Math.ceil(m / 60);
  return `${h} ${h === 1 ? 'hora' : 'horas'}`;
}

/** Delay owed after n consecutive failures of one e-mail from one address (0 below the limit). */
export function pairDelayMs(failures: number): number {
  const over = failures - LOGIN_LIMITS.pairFreeFailures;
  if (over < 0) return 0;
  return Math.min(LOGIN_LIMITS.pairBaseDelayMs * 2 ** over, LOGIN_LIMITS.pairMaxDelayMs);
}

const plus = (d: Date | null, ms: number) => (d ? d.getTime() + ms : 0);

/** Checks and records sign-in attempts against the three rules above. */
export function createLoginThrottle(db: DbOrTx) {
  const repo = createLoginThrottleRepo(db);
  const L = LOGIN_LIMITS;

  return {
    /** Throws RetryLaterError (429 + Retry-After) before any password is checked. */
    async check(email: string, ip: string, now: Date) {
      const t = now.getTime();
      const [spray, account, pair] = await queryAll(db, [
        () => repo.nthAccountFailedFrom(ip, new Date(t - L.ipWindowMs), L.ipMaxAccounts - 1),
        () => repo.nthFailureOf(email, new Date(t - L.accountWindowMs), L.accountLockFailures - 1),
        () => repo.pairFailures(email, ip, new Date(t - L.pairWindowMs)),
      ]);
      const wait = (until: number) => (until > t ? until - t : 0);
      const sprayMs = wait(plus(spray, L.ipWindowMs));
      if (sprayMs > 0) {
        throw new RetryLaterError(
          `Muitas tentativas de login a partir desta rede. Aguarde ${waitText(sprayMs)} e tente novamente.`,
          Math.ceil(sprayMs / 1000),
        );
      }
      const accountMs = wait(plus(account, L.accountWindowMs));
      if (accountMs > 0) {
        throw new RetryLaterError(ACCOUNT_LOCKED_MESSAGE, Math.ceil(accountMs / 1000));
      }
      const pairMs = wait(plus(pair.last, pairDelayMs(pair.count)));
      if (pairMs > 0) {
        throw new RetryLaterError(
          `Muitas tentativas de login com este e-mail. Aguarde ${waitText(pairMs)} e tente novamente.`,
          Math.ceil(pairMs / 1000),
        );
      }
    },

    /**
     * Records an attempt. A success (a password that matched, or a reset link used) ends the
     * failure streak of that address and lifts the account-wide lock.
     */
    async record(v: { email: string; ip: string; success: boolean; at: Date }) {
      await repo.record(v);
      if (Math.random() < 0.01) await repo.pruneBefore(new Date(v.at.getTime() - KEEP_MS));
    },
  };
}
