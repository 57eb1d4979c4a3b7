import { aliasedTable, and, asc, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { TicketStatus } from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import {
  supportTicketAttachments,
  supportTicketEvents,
  supportTickets,
  users,
} from '../../db/schema/index.ts';
import { queryAll } from '../../db/query-all.ts';
import { listSearch } from '../../db/search-match.ts';

export type TicketRow = typeof supportTickets.$inferSelect;

export interface TicketListFilter {
  openedBy: number | null;
  status?: TicketStatus | undefined;
  search?: string | undefined;
  page: number;
  perPage: number;
}

const person = (t: typeof users) => ({ id: t.id, nome: t.nome, avatarPath: t.avatarPath });

/** Newest change first: a ticket that changes moves to the top. */
const ORDER = [desc(supportTickets.updatedAt), desc(supportTickets.id)];

/** The list's scope (whose tickets), state and search. */
function listWhere(f: TicketListFilter) {
  const parts: SQL[] = [];
  if (f.openedBy !== null) parts.push(eq(supportTickets.openedBy, f.openedBy));
  if (f.status) parts.push(eq(supportTickets.status, f.status));
  // Subject and description; "#12" is ticket 12.
  const text = listSearch(f.search, [supportTickets.searchText], { id: supportTickets.id });
  if (text) parts.push(text);
  return and(...parts);
}

/** Support tickets, their timeline and attachments (the only Drizzle code of this module). */
export function createSupportRepo(db: DbOrTx) {
  const commentCount = sql<number>`(select count(*)::int from ${supportTicketEvents} e where e.ticket_id = ${supportTickets.id} and e.kind = 'comment')`;
  const summaries = () =>
    db
      .select({ ticket: supportTickets, opener: person(users), commentCount })
      .from(supportTickets)
      .innerJoin(users, eq(users.id, supportTickets.openedBy));

  return {
    async list(f: TicketListFilter) {
      const where = listWhere(f);
      const [rows, [counted]] = await queryAll(db, [
        () =>
          summaries()
            .where(where)
            .orderBy(...ORDER)
            .limit(f.perPage)
            .offset((f.page - 1) * f.perPage),
        () => db.select({ n: count() }).from(supportTickets).where(where),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },

    /**
     * One page of the list now: its ids in order, its total, and the rows of that page changed
     * at or after `since` (a 'support.changed' carries the ticket's `updatedAt`).
     */
    async pageChangesSince(f: TicketListFilter, since: Date) {
      const where = listWhere(f);
      const [page, [counted]] = await queryAll(db, [
        () =>
          db
            .select({ id: supportTickets.id })
            .from(supportTickets)
            .where(where)
            .orderBy(...ORDER)
            .limit(f.perPage)
            .offset((f.page - 1) * f.perPage),
        () => db.select({ n: count() }).from(supportTickets).where(where),
      ]);
      const ids = page.map((r) => r.id);
      const rows =
        ids.length === 0
          ? []
          : await summaries().where(
              and(inArray(supportTickets.id, ids), gte(supportTickets.updatedAt, since)),
            );
      return { ids, rows, total: counted?.n ?? 0 };
    },

    async byId(id: number) {
      const [row] = await db
        .select({ ticket: supportTickets, opener: person(users) })
        .from(supportTickets)
        .innerJoin(users, eq(users.id, supportTickets.openedBy))
        .where(eq(supportTickets.id, id))
        .limit(1);
      return row;
    },

    async create(v: typeof supportTickets.$inferInsert) {
      const [row] = await db.insert(supportTickets).values(v).returning();
      return row!;
    },

    /** Updates the ticket (its `updatedAt` moves); answers the row after the write. */
    async update(id: number, v: Partial<typeof supportTickets.$inferInsert>) {
      const [row] = await db
        .update(supportTickets)
        .set({ ...v, updatedAt: new Date() })
        .where(eq(supportTickets.id, id))
        .returning();
      return row!;
    },

    async events(ticketId: number) {
      const author = aliasedTable(users, 'author');
      return db
        .select({ event: supportTicketEvents, author: person(author) })
        .from(supportTicketEvents)
        .leftJoin(author, eq(author.id, supportTicketEvents.authorId))
        .where(eq(supportTicketEvents.ticketId, ticketId))
        .orderBy(asc(supportTicketEvents.createdAt), asc(supportTicketEvents.id));
    },

    async addEvent(v: typeof supportTicketEvents.$inferInsert) {
      const [row] = await db.insert(supportTicketEvents).values(v).returning();
      return row!;
    },

    async attachments(ticketId: number) {
      const uploader = aliasedTable(users, 'uploader');
      return db
        .select({ attachment: supportTicketAttachments, uploader: person(uploader) })
        .from(supportTicketAttachments)
        .leftJoin(uploader, eq(uploader.id, supportTicketAttachments.uploadedBy))
        .where(eq(supportTicketAttachments.ticketId, ticketId))
        .orderBy(asc(supportTicketAttachments.createdAt), asc(supportTicketAttachments.id));
    },

    async attachment(ticketId: number, id: number) {
      const [row] = await db
        .select()
        .from(supportTicketAttachments)
        .where(
          and(eq(supportTicketAttachments.ticketId, ticketId), eq(supportTicketAttachments.id, id)),
        )
        .limit(1);
      return row;
    },

    async addAttachment(v: typeof supportTicketAttachments.$inferInsert) {
      const [row] = await db.insert(supportTicketAttachments).values(v).returning();
      return row!;
    },

    /** Active users whose role title is ti-like (role titles are free text). */
    async activeUsers() {
      return db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(eq(users.active, true));
    },
  };
}

export type SupportRepo = ReturnType<typeof createSupportRepo>;
