import { roleOf, type Role } from '@eproto/domain';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  emailDigestLog,
  emailDigestOptins,
  notifications,
  serverSecrets,
  users,
} from '../../db/schema/index.ts';

const SECRET_NAME = 'email_digest_unsubscribe';

/** Items per section read for one digest (the e-mail lists fewer and counts the rest). */
const SECTION_LIMIT = 100;

/** An open demand or task of the person, due today or before. */
export interface DigestDue {
  kind: 'demanda' | 'tarefa';
  id: number;
  titulo: string;
  fimPrevisto: string;
}

/** An unread chat or comment mention of the person. */
export interface DigestMention {
  id: number;
  muralId: number | null;
  protocolId: number | null;
  customText: string | null;
  texto: string | null;
  authorId: number | null;
  authorNome: string | null;
  createdAt: Date;
}

export interface DigestRecipient {
  id: number;
  type: Role;
  nome: string;
  email: string;
}

/** The digest's opt-ins, its daily send log and what one person's digest lists. */
export function createEmailDigestRepo(db: DbOrTx) {
  return {
    async isOptedIn(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ userId: emailDigestOptins.userId })
        .from(emailDigestOptins)
        .where(eq(emailDigestOptins.userId, userId));
      return row !== undefined;
    },

    async optIn(userId: number) {
      await db.insert(emailDigestOptins).values({ userId }).onConflictDoNothing();
    },

    /** True when the person was opted in. */
    async optOut(userId: number): Promise<boolean> {
      const rows = await db
        .delete(emailDigestOptins)
        .where(eq(emailDigestOptins.userId, userId))
        .returning({ userId: emailDigestOptins.userId });
      return rows.length > 0;
    },

    async personExists(userId: number): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      return row !== undefined;
    },

    /** Active people who asked for the digest, by id. */
    async recipients(): Promise<DigestRecipient[]> {
      const rows = await db
        .select({ id: users.id, role: users.role, nome: users.nome, email: users.email })
        .from(emailDigestOptins)
        .innerJoin(users, eq(users.id, emailDigestOptins.userId))
        .where(eq(users.active, true))
        .orderBy(users.id);
      return rows.map((r) => ({ id: r.id, type: roleOf(r.role), nome: r.nome, email: r.email }));
    },

    /** Whether the person's digest of `day` was already sent (by any node). */
    async sent(userId: number, day: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: emailDigestLog.userId })
        .from(emailDigestLog)
        .where(and(eq(emailDigestLog.userId, userId), eq(emailDigestLog.day, day)));
      return row !== undefined;
    },

    /**
     * Claims the person's digest of `day` (in the e-mail's transaction); false when another run
     * or node claimed it first (the primary key waits for that one's commit, then refuses).
     */
    async claim(userId: number, day: string): Promise<boolean> {
      const rows = await db
        .insert(emailDigestLog)
        .values({ userId, day })
        .onConflictDoNothing()
        .returning({ userId: emailDigestLog.userId });
      return rows.length > 0;
    },

    /**
     * Open demands and tasks due on `day` or before, of the person they remind (as the deadline
     * reminders: the responsável; a demand without one, its creator; a task without one, its
     * demand's responsável), oldest due date first.
     */
    async dues(userId: number, day: string): Promise<DigestDue[]> {
      const rows = await db.execute<{
        kind: 'demanda' | 'tarefa';
        id: number;
        titulo: string;
        fim_previsto: string;
      }>(sql`
        (select 'demanda' as kind, m.id, m.titulo, m.fim_previsto::text as fim_previsto
          from murals m
          where m.stage <> 'concluido' and m.fim_previsto <= ${day}::date
            and coalesce(m.responsavel_id, m.created_by) = ${userId}
          order by m.fim_previsto, m.id
          limit ${SECTION_LIMIT})
        union all
        (select 'tarefa' as kind, p.id, p.titulo, p.fim_previsto::text as fim_previsto
          from protocols p join murals m on m.id = p.mural_id
          where p.stage <> 'concluido' and p.fim_previsto <= ${day}::date
            and coalesce(p.responsavel_id, m.responsavel_id) = ${userId}
          order by p.fim_previsto, p.id
          limit ${SECTION_LIMIT})`);
      return rows.rows
        .map((r) => ({ kind: r.kind, id: r.id, titulo: r.titulo, fimPrevisto: r.fim_previsto }))
        .sort((a, b) => a.fimPrevisto.localeCompare(b.fimPrevisto) || a.id - b.id);
    },

    /** The person's unread mentions, newest first. */
    async unreadMentions(userId: number): Promise<DigestMention[]> {
      return db
        .select({
          id: notifications.id,
          muralId: notifications.muralId,
          protocolId: notifications.protocolId,
          customText: notifications.customText,
          texto: notifications.texto,
          authorId: notifications.authorId,
          authorNome: users.nome,
          createdAt: notifications.createdAt,
        })
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.authorId))
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.type, 'mention'),
            isNull(notifications.readAt),
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(SECTION_LIMIT);
    },

    /** The unsubscribe links' signing key: made by whichever node asks first, shared by all. */
    async signingKey(): Promise<Buffer> {
      await db
        .insert(serverSecrets)
        .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64') })
        .onConflictDoNothing();
      const [row] = await db
        .select({ value: serverSecrets.value })
        .from(serverSecrets)
        .where(eq(serverSecrets.name, SECRET_NAME));
      if (!row) throw new Error('Chave dos links de descadastro ausente.');
      return Buffer.from(row.value, 'base64');
    },
  };
}
