import type PgBoss from 'pg-boss';
import type { JobQueue } from '../src/jobs/queue.ts';

/** Waits (polling, up to `timeoutMs`) until a job of `name` is completed or failed for good. */
export async function waitForJob(
  node: { app: { jobs: JobQueue } } | JobQueue,
  name: string,
  id: string,
  timeoutMs = 20_000,
): Promise<PgBoss.JobWithMetadata> {
  const boss = 'boss' in node ? node.boss : node.app.jobs.boss;
  const until = Date.now() + timeoutMs;
  for (;;) {
    const job = await boss.getJobById<object>(name, id, { includeArchive: true });
    if (job && (job.state === 'completed' || job.state === 'failed')) return job;
    if (Date.now() > until) throw new Error(`tarefa ${name} ${id} não terminou: ${job?.state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits (polling, up to `timeoutMs`) until `check` answers true. */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('a condição não foi atendida a tempo');
    await new Promise((r) => setTimeout(r, 50));
  }
}
