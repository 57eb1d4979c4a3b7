import {
  ENVIO_PAGE_SIZE,
  type Envio,
  type EnvioList,
  type EnvioListQuery,
  type EnvioState,
} from '@eproto/domain';
import { sql } from 'drizzle-orm';
import type { ServiceDeps } from '../../deps.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import { executorOf } from '../../jobs/queue.ts';
import { AppError, notFound } from '../../lib/errors.ts';

/** pg-boss states of each delivery state. */
const STATES: Record<EnvioState, string[]> = {
  na_fila: ['created', 'retry', 'active'],
  enviado: ['completed'],
  falhou: ['failed', 'cancelled'],
};
const stateOf = (s: string): EnvioState =>
  s === 'completed' ? 'enviado' : s === 'failed' || s === 'cancelled' ? 'falhou' : 'na_fila';

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

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Digits of a job's numeric reference, or null (a poisoned payload never breaks the list). */
const refOf = (key: string) =>
  sql`case when j.data->>${key} ~ '^[0-9]{1,9}$' then (j.data->>${key})::int end`;

/**
 * The ti screen's view of the e-mails and pushes on the job queue (Administração > Atividade de
 * Usuários > Envios): the latest 100, what state each is in, its last error, and "Reenviar" for
 * a failed one.
 */
export function createDeliveriesService(deps: Pick<ServiceDeps, 'database' | 'jobs'>) {
  const db = deps.database.db;

  return {
    async list(q: EnvioListQuery): Promise<EnvioList> {
      const limit = q.limit ?? ENVIO_PAGE_SIZE;
      const names =
        q.tipo === 'email'
          ? ['email-send']
          : q.tipo === 'push'
            ? ['push-deliver']
            : ['email-send', 'push-deliver'];
      const states = q.estado ? STATES[q.estado] : Object.values(STATES).flat();
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
      const page = rows.slice(0, limit);
      const items = page.map((r): Envio => ({
        id: r.id,
        tipo: r.name === 'email-send' ? 'email' : 'push',
        estado: stateOf(r.state),
        destino:
          r.name === 'email-send'
            ? (r.email_to ?? 'e-mail não encontrado')
            : r.person
              ? `${r.person}${r.device ? ` (${r.device})` : ''}`
              : 'dispositivo removido',
        assunto: (r.name === 'email-send' ? r.subject : r.title) ?? '—',
        tentativas: r.retry_count + 1,
        erro: r.error,
        criado_em: iso(r.created_on)!,
        atualizado_em: iso(r.updated_on),
      }));
      return { items, nextBefore: rows.length > limit ? page.at(-1)!.id : null };
    },

    /** Puts a failed e-mail or push back on the queue (one more attempt), in one transaction. */
    async retry(id: string): Promise<void> {
      const jobs = deps.jobs;
      if (!jobs) throw new Error('deliveries needs deps.jobs (buildApp makes it).');
      await db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ name: string; state: string; outbox: number | null }>(
          sql`select j.name, j.state::text as state, ${refOf('outboxId')} as outbox
            from pgboss.job j where j.id = ${id}::uuid
              and j.name in ('email-send', 'push-deliver') for update`,
        );
        const job = rows[0];
        if (!job) throw notFound('Envio');
        if (job.state !== 'failed')
          throw new AppError('CONFLICT', 'Só um envio que falhou pode ser reenviado.');
        await jobs.boss.retry(job.name, id, { db: executorOf(tx) });
        if (job.outbox !== null)
          await tx
            .update(emailOutbox)
            .set({ status: 'pending' })
            .where(sql`${emailOutbox.id} = ${job.outbox}`);
      });
    },
  };
}
