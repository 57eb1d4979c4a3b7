import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  EMAIL_DIGEST_LINK_DAYS,
  type EmailDigestStatus,
  emailDigestUnsubscribeUrl,
  parseDigestToken,
  rolesFor,
  todayIn,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import type { AgendaService } from '../agenda/agenda.service.ts';
import { buildDigestMail } from './email-digest.content.ts';
import { createEmailDigestRepo, type DigestRecipient } from './email-digest.repo.ts';

/** What a run of the daily job did (kept as the job's output on the ti screen). */
export interface DigestRunResult {
  day: string;
  /** E-mails written now. */
  sent: number;
  /** People with nothing to say today (no e-mail). */
  empty: number;
  /** People whose digest of the day was already sent (another run or node). */
  already: number;
}

/** Forged, expired, malformed, of someone gone: the same answer, nothing learnt from it. */
export const invalidLink = () =>
  new AppError('NOT_FOUND', 'Link de descadastro inválido ou expirado.');

const sign = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url');

/**
 * The daily e-mail digest (docs/integrations.md, "Daily e-mail digest"): the person's opt-in on
 * /profile, the 07:00 job that writes one e-mail per opted-in active person and company day,
 * and the signed one-click unsubscribe link.
 */
export function createEmailDigestService(deps: ServiceDeps, { agenda }: { agenda: AgendaService }) {
  const { db } = deps.database;
  const agendaRoles: readonly string[] = rolesFor('/tatico/agenda');
  const tz = deps.config.COMPANY_TIME_ZONE;
  let key: Promise<Buffer> | null = null;
  const signingKey = () => {
    key ??= createEmailDigestRepo(db).signingKey();
    key.catch(() => (key = null));
    return key;
  };

  /** A link that unsubscribes `userId` until `EMAIL_DIGEST_LINK_DAYS` after `now`. */
  async function tokenFor(userId: number, now: Date): Promise<string> {
    const expiresAt = Math.floor(now.getTime() / 1000) + EMAIL_DIGEST_LINK_DAYS * 86_400;
    const payload = `${userId}.${expiresAt}`;
    return `${payload}.${sign(await signingKey(), payload)}`;
  }

  /** The person a token names, when its signature holds and it has not expired. */
  async function verify(token: string, now = new Date()): Promise<number> {
    const parsed = parseDigestToken(token);
    if (!parsed) throw invalidLink();
    const expected = Buffer.from(sign(await signingKey(), `${parsed.userId}.${parsed.expiresAt}`));
    const given = Buffer.from(parsed.signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidLink();
    if (parsed.expiresAt * 1000 < now.getTime()) throw invalidLink();
    // Only this server signs, but a person removed since is the same "invalid link".
    if (!(await createEmailDigestRepo(db).personExists(parsed.userId))) throw invalidLink();
    return parsed.userId;
  }

  /** The digest of one person and day, or null when there is nothing to say. */
  async function digestOf(person: DigestRecipient, day: string, now: Date) {
    const repo = createEmailDigestRepo(db);
    const [entries, dues, mentions] = await Promise.all([
      // Only who has "Minha agenda" gets agenda entries (and their OSs), as in the app.
      agendaRoles.includes(person.type)
        ? agenda.mine(person, { de: day, ate: day }).then((r) => r.items)
        : Promise.resolve([]),
      repo.dues(person.id, day),
      repo.unreadMentions(person.id),
    ]);
    const unsubscribeUrl = emailDigestUnsubscribeUrl(
      deps.config.publicUrl,
      await tokenFor(person.id, now),
    );
    const mail = buildDigestMail({
      nome: person.nome,
      day,
      timeZone: tz,
      baseUrl: deps.config.publicUrl,
      entries,
      dues,
      mentions,
      unsubscribeUrl,
    });
    return mail && { ...mail, unsubscribeUrl };
  }

  return {
    async status(u: ScopeUser): Promise<EmailDigestStatus> {
      return { ativo: await createEmailDigestRepo(db).isOptedIn(u.id) };
    },

    async set(u: ScopeUser, ativo: boolean): Promise<EmailDigestStatus> {
      await db.transaction(async (tx) => {
        const repo = createEmailDigestRepo(tx);
        if (ativo) await repo.optIn(u.id);
        else await repo.optOut(u.id);
      });
      return { ativo };
    },

    /** Checks a link without changing anything (the confirmation page). */
    async check(token: string, now?: Date): Promise<void> {
      await verify(token, now);
    },

    /** One click: the person named by a valid link stops receiving the digest. */
    async unsubscribe(token: string, now?: Date): Promise<void> {
      const userId = await verify(token, now);
      await db.transaction((tx) => createEmailDigestRepo(tx).optOut(userId));
    },

    /**
     * The 07:00 job: one e-mail per opted-in active person with something to say, each written
     * with its day's log row in one transaction, so a second run or another node sends nothing
     * again. A person whose digest fails does not stop the others; the run then fails and the
     * queue retries it (those already sent are skipped).
     */
    async runDaily(options: { now?: Date } = {}): Promise<DigestRunResult> {
      const now = options.now ?? new Date();
      const day = todayIn(tz, now);
      const repo = createEmailDigestRepo(db);
      const result: DigestRunResult = { day, sent: 0, empty: 0, already: 0 };
      let failure: Error | null = null;
      for (const person of await repo.recipients()) {
        try {
          if (await repo.sent(person.id, day)) {
            result.already++;
            continue;
          }
          const mail = await digestOf(person, day, now);
          if (!mail) {
            result.empty++;
            continue;
          }
          const written = await db.transaction(async (tx) => {
            if (!(await createEmailDigestRepo(tx).claim(person.id, day))) return false;
            await deps.mailer(
              {
                to: person.email,
                subject: mail.subject,
                body: mail.text,
                html: mail.html,
                headers: {
                  'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
                  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
                },
              },
              { tx },
            );
            return true;
          });
          if (written) result.sent++;
          else result.already++;
        } catch (err) {
          failure ??= err instanceof Error ? err : new Error(String(err));
        }
      }
      if (failure) throw failure;
      return result;
    },
  };
}
