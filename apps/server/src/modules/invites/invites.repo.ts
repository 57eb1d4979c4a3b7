import { and, asc, desc, eq, gt, inArray, isNull, like, sql } from 'drizzle-orm';
import type { AdminContractRef } from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import { authTokens, contracts, emailOutbox, users } from '../../db/schema/index.ts';

/** First key of the per-e-mail advisory lock taken while creating an invitation. */
const INVITE_LOCK_CLASS = 7_210_410;

export type InviteRow = typeof authTokens.$inferSelect & { invitedByNome: string | null };

/** Invitations are auth_tokens of kind 'invite' (only the token hash is stored). */
export function createInvitesRepo(db: DbOrTx) {
  const columns = {
    id: authTokens.id,
    kind: authTokens.kind,
    tokenHash: authTokens.tokenHash,
    userId: authTokens.userId,
    email: authTokens.email,
    role: authTokens.role,
    nome: authTokens.nome,
    contractIds: authTokens.contractIds,
    invitedBy: authTokens.invitedBy,
    expiresAt: authTokens.expiresAt,
    usedAt: authTokens.usedAt,
    revokedAt: authTokens.revokedAt,
    createdAt: authTokens.createdAt,
    invitedByNome: users.nome,
  };

  return {
    async list(onlyPending: boolean): Promise<InviteRow[]> {
      return db
        .select(columns)
        .from(authTokens)
        .leftJoin(users, eq(users.id, authTokens.invitedBy))
        .where(
          and(
            eq(authTokens.kind, 'invite'),
            onlyPending ? isNull(authTokens.usedAt) : undefined,
            onlyPending ? isNull(authTokens.revokedAt) : undefined,
          ),
        )
        .orderBy(desc(authTokens.createdAt), desc(authTokens.id))
        .limit(500);
    },

    async byId(id: number): Promise<InviteRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(authTokens)
        .leftJoin(users, eq(users.id, authTokens.invitedBy))
        .where(and(eq(authTokens.id, id), eq(authTokens.kind, 'invite')))
        .limit(1);
      return row;
    },

    /** An invitation for the e-mail that can still be accepted. */
    async pendingFor(email: string) {
      const [row] = await db
        .select({ id: authTokens.id })
        .from(authTokens)
        .where(
          and(
            eq(authTokens.kind, 'invite'),
            sql`lower(${authTokens.email}) = ${email.toLowerCase()}`,
            isNull(authTokens.usedAt),
            isNull(authTokens.revokedAt),
            gt(authTokens.expiresAt, new Date()),
          ),
        )
        .limit(1);
      return row;
    },

    async userExists(email: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return rows.length > 0;
    },

    async create(v: typeof authTokens.$inferInsert) {
      const [row] = await db.insert(authTokens).values(v).returning({ id: authTokens.id });
      return row!.id;
    },

    async update(id: number, v: Partial<typeof authTokens.$inferInsert>) {
      await db.update(authTokens).set(v).where(eq(authTokens.id, id));
    },

    /** Latest invitation e-mails of the outbox (never password resets). */
    async outbox(limit: number) {
      return db
        .select({
          id: emailOutbox.id,
          to: emailOutbox.to,
          subject: emailOutbox.subject,
          link: emailOutbox.link,
          status: emailOutbox.status,
          createdAt: emailOutbox.createdAt,
        })
        .from(emailOutbox)
        .where(like(emailOutbox.link, '%/accept-invite?token=%'))
        .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
        .limit(limit);
    },

    async contractsByIds(ids: number[]): Promise<AdminContractRef[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: contracts.id, codigo: contracts.codigo, nome: contracts.nome })
        .from(contracts)
        .where(inArray(contracts.id, ids))
        .orderBy(asc(contracts.codigo));
    },
    /**
     * Takes the transaction's advisory lock of `email` (case-free): a second invitation for the
     * same address waits for the first to commit.
     */
    async lockEmail(email: string) {
      await db.execute(
        sql`select pg_advisory_xact_lock(${INVITE_LOCK_CLASS}::int, hashtext(${email.toLowerCase()}))`,
      );
    },
  };
}
