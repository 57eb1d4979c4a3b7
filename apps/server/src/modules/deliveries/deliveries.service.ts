import {
  ENVIO_PAGE_SIZE,
  type Envio,
  type EnvioList,
  type EnvioListQuery,
  type EnvioState,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { executorOf } from '../../jobs/queue.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { createDeliveriesRepo } from './deliveries.repo.ts';

/** pg-boss states of each delivery state. */
const STATES: Record<EnvioState, string[]> = {
  na_fila: ['created', 'retry', 'active'],
  enviado: ['completed'],
  falhou: ['failed', 'cancelled'],
};
const stateOf = (s: string): EnvioState =>
  s === 'completed' ? 'enviado' : s === 'failed' || s === 'cancelled' ? 'falhou' : 'na_fila';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

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
      const rows = await createDeliveriesRepo(db).page({ names, states, before: q.before, limit });
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
        const job = await createDeliveriesRepo(tx).lockJob(id);
        if (!job) throw notFound('Envio');
        if (job.state !== 'failed')
          throw new AppError('CONFLICT', 'Só um envio que falhou pode ser reenviado.');
        await jobs.boss.retry(job.name, id, { db: executorOf(tx) });
        if (job.outbox !== null) await createDeliveriesRepo(tx).setOutboxPending(job.outbox);
      });
    },
  };
}
