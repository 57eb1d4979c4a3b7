import { roleOf, type Role, type Stage } from '@eproto/domain';
import { and, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { calendarFeeds, murals, protocols, users } from '../../db/schema/index.ts';

/** A demand or task of the person with a due date in the feed's window. */
export interface DueRow {
  kind: 'demanda' | 'tarefa';
  id: number;
  titulo: string;
  stage: Stage;
  fimPrevisto: string;
  muralTitulo: string | null;
}

/** Calendar feeds (one per person, token stored as its SHA-256) and what a feed lists. */
export function createCalendarFeedRepo(db: DbOrTx) {
  return {
    async ofUser(userId: number) {
      const [row] = await db
        .select({ createdAt: calendarFeeds.createdAt, lastUsedAt: calendarFeeds.lastUsedAt })
        .from(calendarFeeds)
        .where(eq(calendarFeeds.userId, userId));
      return row ?? null;
    },

    /** The new token replaces the previous one (whose URL stops working). */
    async replace(userId: number, tokenHash: string) {
      const [row] = await db
        .insert(calendarFeeds)
        .values({ userId, tokenHash })
        .onConflictDoUpdate({
          target: calendarFeeds.userId,
          set: { tokenHash, createdAt: sql`now()`, lastUsedAt: null },
        })
        .returning({ createdAt: calendarFeeds.createdAt, lastUsedAt: calendarFeeds.lastUsedAt });
      return row!;
    },

    async remove(userId: number) {
      const rows = await db
        .delete(calendarFeeds)
        .where(eq(calendarFeeds.userId, userId))
        .returning({ userId: calendarFeeds.userId });
      return rows.length > 0;
    },

    /** The person a token names, if the feed exists and the person is active. */
    async ownerOf(
      tokenHash: string,
    ): Promise<{ id: number; type: Role; lastUsedAt: Date | null } | null> {
      const [row] = await db
        .select({ id: users.id, role: users.role, lastUsedAt: calendarFeeds.lastUsedAt })
        .from(calendarFeeds)
        .innerJoin(users, eq(users.id, calendarFeeds.userId))
        .where(and(eq(calendarFeeds.tokenHash, tokenHash), eq(users.active, true)));
      return row ? { id: row.id, type: roleOf(row.role), lastUsedAt: row.lastUsedAt } : null;
    },

    async touch(userId: number) {
      await db
        .update(calendarFeeds)
        .set({ lastUsedAt: sql`now()` })
        .where(eq(calendarFeeds.userId, userId));
    },

    /** Demands and tasks the person is responsible for, due between `from` and `to`. */
    async dues(userId: number, from: string, to: string): Promise<DueRow[]> {
      const [ms, ps] = await Promise.all([
        db
          .select({
            id: murals.id,
            titulo: murals.titulo,
            stage: murals.stage,
            fimPrevisto: murals.fimPrevisto,
          })
          .from(murals)
          .where(
            and(
              eq(murals.responsavelId, userId),
              isNotNull(murals.fimPrevisto),
              gte(murals.fimPrevisto, from),
              lte(murals.fimPrevisto, to),
            ),
          ),
        db
          .select({
            id: protocols.id,
            titulo: protocols.titulo,
            stage: protocols.stage,
            fimPrevisto: protocols.fimPrevisto,
            muralTitulo: murals.titulo,
          })
          .from(protocols)
          .innerJoin(murals, eq(murals.id, protocols.muralId))
          .where(
            and(
              eq(protocols.responsavelId, userId),
              isNotNull(protocols.fimPrevisto),
              gte(protocols.fimPrevisto, from),
              lte(protocols.fimPrevisto, to),
            ),
          ),
      ]);
      return [
        ...ms.map((m) => ({
          kind: 'demanda' as const,
          ...m,
          fimPrevisto: m.fimPrevisto!,
          muralTitulo: null,
        })),
        ...ps.map((p) => ({ kind: 'tarefa' as const, ...p, fimPrevisto: p.fimPrevisto! })),
      ];
    },
  };
}
