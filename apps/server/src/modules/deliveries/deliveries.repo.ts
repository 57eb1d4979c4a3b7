import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/index.ts';

type Row = {
  id: string;
  name: 'email-send' | 'push-deliver';
  state: string;
  retry_count: number;
  created_on: Date | string;
  updated_on: Date | string | null;
  error: string | null;
  email_to: string | null;
  subject: string | null;
  person: string | null;
  device: string | null;
  title: string | null;
};

/** Digits of a job's numeric reference, or null (a poisoned payload never breaks the list). */
const refOf = (key: string) =>
  sql`case when j.data->>${key} ~ '^[0-9]{1,9}$' then (j.data->>${key})::int end`;

/** The e-mail and push jobs of the queue (pgboss.job) with their outbox row or subscription. */
export function createDeliveriesRepo(db: DbOrTx) {
  return {
    /**
     * Up to `limit + 1` jobs named `names` in `states`, newest first, older than the job
     * `before` (looked up in the archive too when archived since).
     */
    async page(q: {
      names: string[];
      states: string[];
      before?: string | undefined;
      limit: number;
    }) {
      const { names, states, limit } = q;
      const kinds = sql.raw(`('${names.join("','")}')`);
      const { rows } = await db.execute<Row>(sql`
        select j.id, j.name, j.state::text as state, j.retry_count, j.created_on,
          coalesce(j.completed_on, j.started_on) as updated_on,
          case when j.state in ('failed', 'retry', 'cancelled') then
            coalesce(j.output->>'message', o.error) end as error,
          o."to" as email_to, o.subject, u.nome as person, null::text as device,
          j.data->'payload'->>'title' as title
        from pgboss.job j
        left join email_outbox o on j.name = 'email-send' and o.id = ${refOf('outboxId')}
        left join push_subscriptions s on j.name = 'push-deliver' and s.id = ${refOf('subscriptionId')}
        left join users u on u.id = s.user_id
        where j.name in ${kinds}
          and j.state::text in ${sql.raw(`('${states.join("','")}')`)}
          ${
            q.before
              ? // Older than the last row shown; a job archived since is looked up there.
                sql`and (j.created_on, j.id) < (select coalesce(
                  (select created_on from pgboss.job
                    where name in ${kinds} and id = ${q.before}::uuid),
                  (select created_on from pgboss.archive
                    where name in ${kinds} and id = ${q.before}::uuid),
                  '-infinity'), ${q.before}::uuid)`
              : sql``
          }
        order by j.created_on desc, j.id desc
        limit ${limit + 1}`);
      return rows;
    },

    /** The e-mail or push job `id`, locked FOR UPDATE, with its outbox id. */
    async lockJob(id: string) {
      const { rows } = await db.execute<{ name: string; state: string; outbox: number | null }>(
        sql`select j.name, j.state::text as state, ${refOf('outboxId')} as outbox
            from pgboss.job j where j.id = ${id}::uuid
              and j.name in ('email-send', 'push-deliver') for update`,
      );
      return rows[0];
    },

    async setOutboxPending(outboxId: number) {
      await db
        .update(emailOutbox)
        .set({ status: 'pending' })
        .where(sql`${emailOutbox.id} = ${outboxId}`);
    },
  };
}
