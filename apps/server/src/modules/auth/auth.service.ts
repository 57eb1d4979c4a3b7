import { assessNewPassword, MSG, type PasswordOwner, INTERNAL_EVENTS } from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import { conflictOnDuplicate } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, newToken, tokenHash, verifyPassword } from '../../lib/crypto.ts';
import type { CompanyService } from '../company/company.service.ts';
import { createAuthRepo, type UserRow } from './auth.repo.ts';
import { createDeviceCookies, type DeviceCookie } from './device-cookie.ts';
import { createLoginAlerts } from './login-alert.ts';
import { createLoginThrottle } from './login-throttle.ts';
import { createSessionRepo } from './session.repo.ts';

const RESET_TTL_MS = 60 * 60_000;

// Verified against when the e-mail is unknown, so both failures take the same time.
let dummyHash: Promise<string> | null = null;

export interface RequestInfo {
  ip: string;
  userAgent: string | null;
  /** Where work that goes on after the answer reports a failure (the request's logger). */
  log?: { error(obj: object, msg: string): void };
}

export interface NewSession {
  token: string;
  expiresAt: Date;
  user: UserRow;
  /** The browser's device cookie for this account, renewed at every sign-in. */
  device?: DeviceCookie;
}

/** Sign-in, sign-out, password reset and invitation acceptance. */
export function createAuthService(
  deps: ServiceDeps,
  { company: companies }: { company: CompanyService },
) {
  const { db } = deps.database;
  const repo = createAuthRepo(db);
  const sessionsRepo = createSessionRepo(db);
  const throttle = createLoginThrottle(db);
  const devices = createDeviceCookies(db);
  const alerts = createLoginAlerts(deps);
  // Ready before the first sign-in, so the first unknown e-mail takes no longer than the rest.
  const dummy = (dummyHash ??= hashPassword('senha-que-nao-existe-no-sistema'));
  const absoluteMs = deps.config.SESSION_ABSOLUTE_DAYS * 86_400_000;

  async function openSession(user: UserRow, info: RequestInfo): Promise<NewSession> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + absoluteMs);
    await sessionsRepo.create({
      tokenHash: tokenHash(token),
      userId: user.id,
      expiresAt,
      ip: info.ip,
      userAgent: info.userAgent?.slice(0, 300) ?? null,
    });
    await repo.setLastLogin(user.id);
    return { token, expiresAt, user };
  }

  /**
   * Refuses a new password the shared policy rejects (400 on the given field). The company's
   * name joins the person's e-mail and name as words the password may not be built from.
   */
  async function assertNewPassword(password: string, owner: PasswordOwner, field = 'password') {
    const company = (await companies.get())?.nome ?? null;
    const verdict = await assessNewPassword(password, { ...owner, company });
    if (verdict.problem) throw new AppError('VALIDATION', verdict.problem, field);
  }

  /**
   * Ends the user's sessions (all but `exceptSessionId`) and outstanding reset links in `tx`,
   * with the change that calls for it; call the function it returns after the commit.
   */
  async function revokeAccessIn(tx: DbOrTx, userId: number, exceptSessionId?: number) {
    await createAuthRepo(tx).revokeOutstanding({ kind: 'reset', userId });
    await createSessionRepo(tx).deleteForUser(userId, exceptSessionId);
    return () => deps.events.publish({ type: INTERNAL_EVENTS.sessionInvalidate, data: { userId } });
  }

  return {
    openSession,
    revokeAccessIn,

    assertNewPassword,

    /**
     * Signs in. `cookies` are the request's: a valid device cookie of this e-mail makes the
     * attempt a known browser's (throttle rules, login-throttle.ts).
     */
    async login(
      email: string,
      password: string,
      info: RequestInfo,
      cookies: Record<string, string | undefined>,
      oldToken?: string,
    ): Promise<NewSession> {
      const now = new Date();
      const attempt = { email, ip: info.ip, device: await devices.trusted(email, cookies, now) };
      const strangerFailures = await throttle.check(attempt, now);
      const user = await repo.userByEmail(email);
      // Unknown e-mails are verified against a dummy hash: both failures take the same time.
      const ok =
        user && user.active && user.passwordHash
          ? await verifyPassword(user.passwordHash, password)
          : (await verifyPassword(await dummy, password)) && false;
      await throttle.record({ ...attempt, success: ok, at: now });
      if (!ok || !user) {
        await repo.audit({ userId: user?.id ?? null, email, action: 'login_failed', ip: info.ip });
        if (!attempt.device) {
          // After the answer: a slow SMTP server must not show which e-mails exist.
          alerts.afterFailure(email, strangerFailures + 1, now).catch((err: unknown) => {
            info.log?.error({ err }, 'Falha ao avisar a pessoa sobre tentativas de login');
          });
        }
        throw new AppError('UNAUTHORIZED', MSG.loginWrong);
      }
      if (oldToken) {
        const oldHash = tokenHash(oldToken);
        await sessionsRepo.deleteByHash(oldHash);
        await deps.events.publish({
          type: INTERNAL_EVENTS.sessionInvalidate,
          data: { tokenHash: oldHash },
        });
      }
      const session = await openSession(user, info);
      await repo.audit({ userId: user.id, email, action: 'login', ip: info.ip });
      return { ...session, device: await devices.issue(email, now) };
    },

    /** A sign-in refused by validation (NUL, oversized) counts as a failure of its e-mail and IP. */
    async recordRefusedLogin(rawEmail: string, info: RequestInfo) {
      const email = rawEmail.replaceAll('\u0000', '').trim().toLowerCase().slice(0, 254);
      await throttle.record({ email, ip: info.ip, device: null, success: false, at: new Date() });
    },

    async logout(token: string | undefined, userId: number | null, ip: string) {
      if (!token) return;
      const hash = tokenHash(token);
      await sessionsRepo.deleteByHash(hash);
      await deps.events.publish({
        type: INTERNAL_EVENTS.sessionInvalidate,
        data: { tokenHash: hash },
      });
      if (userId !== null) {
        await repo.audit({ userId, action: 'logout', ip });
      }
    },

    /** Revokes every reset link of a user not used yet (password changed, account deactivated). */
    /**
     * Mails a one-hour reset link to an active account; a new link revokes the older ones. The
     * route answers before calling this, so known and unknown e-mails take the same time.
     */
    async requestPasswordReset(email: string, ip: string) {
      const user = await repo.userByEmail(email);
      const event = { userId: user?.id ?? null, email, action: 'password_reset_requested', ip };
      // The event commits with the link it describes (and with the request's activity row).
      if (!user || !user.active) {
        await db.transaction((tx) => createAuthRepo(tx).audit(event));
        return;
      }
      const token = newToken();
      const link = `${deps.config.publicUrl}/reset-password?token=${token}`;
      await db.transaction(async (tx) => {
        const txRepo = createAuthRepo(tx);
        await txRepo.audit(event);
        await txRepo.revokeOutstanding({ kind: 'reset', userId: user.id });
        await txRepo.createToken({
          kind: 'reset',
          tokenHash: tokenHash(token),
          userId: user.id,
          email: user.email,
          expiresAt: new Date(Date.now() + RESET_TTL_MS),
        });
        await deps.mailer(
          {
            to: user.email,
            subject: 'E-Proto: redefinição de senha',
            body: `Olá, ${user.nome}.\n\nPara criar uma nova senha, acesse o link abaixo (válido por 1 hora, uso único):\n${link}\n\nSe você não pediu, ignore este e-mail.`,
            link,
          },
          { tx },
        );
      });
    },

    async resetTokenInfo(token: string) {
      const row = await repo.validToken('reset', tokenHash(token));
      if (!row) throw new AppError('VALIDATION', 'Link inválido ou expirado.');
      return { email: row.email };
    },

    async resetPassword(token: string, password: string, ip: string) {
      const row = await repo.validToken('reset', tokenHash(token));
      if (!row?.userId) throw new AppError('VALIDATION', 'Link inválido ou expirado.');
      const owner = await repo.userById(row.userId);
      await assertNewPassword(password, { email: row.email, nome: owner?.nome });
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const txRepo = createAuthRepo(tx);
        if (!(await txRepo.consumeToken(row.id))) {
          throw new AppError('VALIDATION', 'Link inválido ou expirado.');
        }
        await txRepo.setPassword(row.userId!, passwordHash);
        await txRepo.revokeOutstanding({ kind: 'reset', userId: row.userId! });
        await createSessionRepo(tx).deleteForUser(row.userId!);
        await txRepo.audit({ userId: row.userId, action: 'password_reset', ip });
      });
      // Proving control of the mailbox counts as a sign-in from a new browser: it ends the
      // account's streak of failures from unknown browsers.
      const email = row.email.toLowerCase();
      await throttle.record({ email, ip, device: null, success: true, at: new Date() });
      await deps.events.publish({
        type: INTERNAL_EVENTS.sessionInvalidate,
        data: { userId: row.userId },
      });
    },

    async inviteInfo(token: string) {
      const row = await repo.validToken('invite', tokenHash(token));
      if (!row) throw new AppError('VALIDATION', 'Convite inválido ou expirado.');
      return { email: row.email, role: row.role ?? 'Equipe', nome: row.nome };
    },

    async acceptInvite(token: string, nome: string, password: string, info: RequestInfo) {
      const row = await repo.validToken('invite', tokenHash(token));
      if (!row) throw new AppError('VALIDATION', 'Convite inválido ou expirado.');
      if (await repo.userByEmail(row.email)) {
        throw new AppError('CONFLICT', 'Já existe uma conta com este e-mail. Faça login.');
      }
      await assertNewPassword(password, { email: row.email, nome });
      const passwordHash = await hashPassword(password);
      const accept = () =>
        db.transaction(async (tx) => {
          const txRepo = createAuthRepo(tx);
          // The user first: a second acceptance of this e-mail waits here on the unique index
          // without holding its token row, which this one revokes below (no deadlock).
          const created = await txRepo.createUser({
            email: row.email,
            nome,
            role: row.role ?? 'Equipe',
            passwordHash,
          });
          if (!(await txRepo.consumeToken(row.id))) {
            throw new AppError('VALIDATION', 'Convite inválido ou expirado.');
          }
          await txRepo.revokeOutstanding({ kind: 'invite', email: row.email });
          for (const hook of inviteAcceptedHooks) await hook(tx, created.id, row.contractIds);
          await txRepo.audit({
            userId: created.id,
            email: row.email,
            action: 'invite_accepted',
            ip: info.ip,
          });
          return created;
        });
      // Two invitations of one e-mail accepted at the same moment: the unique e-mail keeps one.
      const user = await conflictOnDuplicate(
        accept,
        'Já existe uma conta com este e-mail. Faça login.',
      );
      // The browser that accepted the invitation is the person's first known browser.
      const session = await openSession(user, info);
      return { ...session, device: await devices.issue(user.email.toLowerCase(), new Date()) };
    },
  };
}

type InviteHook = (
  tx: Parameters<Parameters<ServiceDeps['database']['db']['transaction']>[0]>[0],
  userId: number,
  contractIds: number[],
) => Promise<void>;

/** Other modules (contracts) link the new user inside the acceptance transaction. */
export const inviteAcceptedHooks: InviteHook[] = [];

export type AuthService = ReturnType<typeof createAuthService>;
