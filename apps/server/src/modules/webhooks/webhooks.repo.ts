import { and, arrayContains, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { webhookDeliveries, webhooks } from '../../db/schema/index.ts';

export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** A sender that took a delivery and did not finish within this is taken to have died. */
const CLAIM_STALE = sql`interval '2 minutes'`;

/** When the queue will run the delivery's job next (its 'webhook-deliver' job not yet done). */
const nextAttempt = sql<Date | null>`(
  select min(j.start_after) from pgboss.job j
  where j.name = 'webhook-deliver' and j.state in ('created', 'retry')
    and j.data->>'deliveryId' = "webhook_deliveries"."id"::text)`.mapWith(
  (v: string | Date | null) => (v ? new Date(v) : null),
);

/** Webhooks and their deliveries (the only Drizzle code of the area). */
export function createWebhooksRepo(db: DbOrTx) {
  return {
    /** Every webhook with its failing deliveries and last successful send. */
    async list() {
      const stats = db
        .select({
          webhookId: webhookDeliveries.webhookId,
          falhas:
            sql<number>`count(*) filter (where ${webhookDeliveries.status} in ('falhou', 'pendente') and ${webhookDeliveries.ultimoErro} is not null)::int`.as(
              'falhas',
            ),
          ultima: sql<Date | null>`max(${webhookDeliveries.enviadaEm})`
            .mapWith((v: string | null) => (v ? new Date(v) : null))
            .as('ultima'),
        })
        .from(webhookDeliveries)
        .groupBy(webhookDeliveries.webhookId)
        .as('stats');
      return db
        .select({ w: webhooks, falhas: stats.falhas, ultima: stats.ultima })
        .from(webhooks)
        .leftJoin(stats, eq(stats.webhookId, webhooks.id))
        .orderBy(webhooks.id);
    },

    async count() {
      const [row] = await db.select({ n: count() }).from(webhooks);
      return row?.n ?? 0;
    },

    async byId(id: number) {
      const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
      return row;
    },

    async insert(v: typeof webhooks.$inferInsert) {
      const [row] = await db.insert(webhooks).values(v).returning();
      return row!;
    },

    async update(id: number, v: Partial<typeof webhooks.$inferInsert>) {
      const [row] = await db
        .update(webhooks)
        .set({ ...v, updatedAt: new Date() })
        .where(eq(webhooks.id, id))
        .returning();
      return row;
    },

    async remove(id: number) {
      const rows = await db
        .delete(webhooks)
        .where(eq(webhooks.id, id))
        .returning({ id: webhooks.id });
      return rows.length > 0;
    },

    /** The active webhooks that chose this event. */
    async subscribersOf(evento: string) {
      return db
        .select({ id: webhooks.id })
        .from(webhooks)
        .where(and(eq(webhooks.ativo, true), arrayContains(webhooks.eventos, [evento])));
    },

    async insertDeliveries(v: (typeof webhookDeliveries.$inferInsert)[]) {
      return db.insert(webhookDeliveries).values(v).returning({ id: webhookDeliveries.id });
    },

    async deliveries(webhookId: number, limit: number, offset: number) {
      const where = eq(webhookDeliveries.webhookId, webhookId);
      const items = await db
        .select({ d: webhookDeliveries, proxima: nextAttempt })
        .from(webhookDeliveries)
        .where(where)
        .orderBy(desc(webhookDeliveries.ocorridoEm), desc(webhookDeliveries.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(webhookDeliveries).where(where);
      return { items, total: total?.n ?? 0 };
    },

    async delivery(webhookId: number, id: string) {
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.id, id)));
      return row;
    },

    /**
     * Takes a delivery to send it now: only one sender at a time (across nodes) gets it, and
     * never one already sent. A sender that died holding it lets it go after CLAIM_STALE.
     */
    async claim(id: string) {
      const [row] = await db
        .update(webhookDeliveries)
        .set({
          status: 'enviando',
          tentativas: sql`${webhookDeliveries.tentativas} + 1`,
          ultimaTentativaEm: sql`now()`,
        })
        .where(
          and(
            eq(webhookDeliveries.id, id),
            sql`(${webhookDeliveries.status} = 'pendente' or (${webhookDeliveries.status} = 'enviando' and ${webhookDeliveries.ultimaTentativaEm} < now() - ${CLAIM_STALE}))`,
          ),
        )
        .returning();
      if (!row) return undefined;
      const hook = await this.byId(row.webhookId);
      return hook ? { delivery: row, webhook: hook } : undefined;
    },

    /** The outcome of the attempt that holds the delivery. */
    async finish(
      id: string,
      v: {
        status: 'enviada' | 'pendente' | 'falhou';
        httpStatus: number | null;
        erro: string | null;
      },
    ) {
      await db
        .update(webhookDeliveries)
        .set({
          status: v.status,
          httpStatus: v.httpStatus,
          ultimoErro: v.erro,
          ...(v.status === 'enviada' && { enviadaEm: sql`now()` }),
        })
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'enviando')));
    },

    /** Puts a delivery back to be sent again ("Reenviar"); not while a sender holds it. */
    async requeue(webhookId: number, id: string) {
      const [row] = await db
        .update(webhookDeliveries)
        .set({ status: 'pendente', ultimoErro: null, httpStatus: null })
        .where(
          and(
            eq(webhookDeliveries.webhookId, webhookId),
            eq(webhookDeliveries.id, id),
            inArray(webhookDeliveries.status, ['pendente', 'enviada', 'falhou']),
          ),
        )
        .returning({ id: webhookDeliveries.id });
      return row;
    },
  };
}
