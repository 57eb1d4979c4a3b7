import type { DbOrTx } from '../../db/client.ts';
import { RetryLaterError } from '../../lib/errors.ts';
import { createLoginThrottleRepo } from './login-throttle.repo.ts';
import { queryAll } from '../../db/query-all.ts';

/**
 * Sign-in throttling (OWASP authentication, credential-stuffing and device-cookie cheat sheets).
 * Its state is the login_attempts table, so every node sees the same counts. Nothing a stranger
 * does locks an owner out: every rule is a wait that grows with the failures and ends by itself,
 * and a browser holding the account's device cookie (device-cookie.ts) skips the address and
 * account rules, slowed only by the failures made with that cookie.
 */
export const LOGIN_LIMITS = {
  /** Failures of one e-mail from one address (or one device cookie) answered without delay. */
  pairFreeFailures: 5,
  /** Wait after the last of those; it doubles with each further failure, up to the maximum. */
  baseDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  pairWindowMs: 24 * 3_600_000,
  /** Distinct e-mails one address may keep failing on within ipWindowMs (password spraying). */
  ipMaxAccounts: 20,
  ipWindowMs: 60 * 60_000,
  /**
   * Failures of one e-mail from browsers without its device cookie, from any address, answered
   * without delay; then the waits grow as above. The owner is told by e-mail at this count.
   */
  accountFreeFailures: 10,
  accountWindowMs: 24 * 3_600_000,
} as const;

// Attempts older than this matter to no rule; they are pruned now and then.
const KEEP_MS = 7 * 24 * 3_600_000;

/** "30 segundos", "2 minutos", "1 hora": how long to wait, rounded up. */
export function waitText(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  if (s < 60) return `${s} ${s === 1 ? 'segundo' : 'segundos'}`;
  const m = Math.ceil(s / 60);
  if (m < 60) return `${m} ${m === 1 ? 'minuto' : 'minutos'}`;
  const h = Math.ceil(m / 60);
  return `${h} ${h === 1 ? 'hora' : 'horas'}`;
}

/** Delay owed after n consecutive failures when the first `free` ones cost nothing. */
export function growingDelayMs(failures: number, free: number = LOGIN_LIMITS.pairFreeFailures) {
  const over = failures - free;
  if (over < 0) return 0;
  return Math.min(LOGIN_LIMITS.baseDelayMs * 2 ** over, LOGIN_LIMITS.maxDelayMs);
}

/** The 429 texts, each saying what waits and for how long. */
export const throttleMessage = {
  address: (ms: number) =>
    `Muitas tentativas de login a partir desta rede. Aguarde ${waitText(ms)} e tente novamente.`,
  pair: (ms: number) =>
    `Muitas tentativas de login com este e-mail. Aguarde ${waitText(ms)} e tente novamente.`,
  account: (ms: number) =>
    `Muitas tentativas de login nesta conta. Aguarde ${waitText(ms)} e tente novamente, ou use "Esqueci minha senha".`,
  device: (ms: number) =>
    `Muitas tentativas de login neste navegador. Aguarde ${waitText(ms)} e tente novamente.`,
};

const plus = (d: Date | null, ms: number) => (d ? d.getTime() + ms : 0);

export interface Attempt {
  email: string;
  ip: string;
  /** Nonce of the request's valid device cookie for this e-mail, null without one. */
  device: string | null;
}

/** Checks and records sign-in attempts against the rules above. */
export function createLoginThrottle(db: DbOrTx) {
  const repo = createLoginThrottleRepo(db);
  const L = LOGIN_LIMITS;

  return {
    /**
     * Throws RetryLaterError (429 + Retry-After) before any password is checked. Returns how
     * many failures from unknown browsers the account already has (for the owner's warning).
     */
    async check({ email, ip, device }: Attempt, now: Date): Promise<number> {
      const t = now.getTime();
      const wait = (last: Date | null, ms: number) => Math.max(0, plus(last, ms) - t);
      const slow = (ms: number, text: (ms: number) => string) => {
        if (ms > 0) throw new RetryLaterError(text(ms), Math.ceil(ms / 1000));
      };
      if (device) {
        const mine = await repo.deviceFailures(email, device, new Date(t - L.pairWindowMs));
        slow(wait(mine.last, growingDelayMs(mine.count)), throttleMessage.device);
        return 0;
      }
      const [spray, account, pair] = await queryAll(db, [
        () => repo.nthAccountFailedFrom(ip, new Date(t - L.ipWindowMs), L.ipMaxAccounts - 1),
        () => repo.untrustedFailures(email, new Date(t - L.accountWindowMs)),
        () => repo.pairFailures(email, ip, new Date(t - L.pairWindowMs)),
      ]);
      slow(wait(spray, L.ipWindowMs), throttleMessage.address);
      slow(wait(pair.last, growingDelayMs(pair.count)), throttleMessage.pair);
      const accountDelay = growingDelayMs(account.count, L.accountFreeFailures);
      slow(wait(account.last, accountDelay), throttleMessage.account);
      return account.count;
    },

    /**
     * Records an attempt. A success (a password that matched, or a reset link used) ends the
     * failure streak of its address, of its device cookie or, from an unknown browser or by a
     * reset link, the account's streak of failures from unknown browsers.
     */
    async record(v: Attempt & { success: boolean; at: Date }) {
      await repo.record(v);
      if (Math.random() < 0.01) await repo.pruneBefore(new Date(v.at.getTime() - KEEP_MS));
    },
  };
}
