import { todayIn } from '@eproto/domain';
import { sql } from 'drizzle-orm';
import type { ServiceDeps } from '../deps.ts';
import { createNotificationsService } from '../modules/notifications/notifications.service.ts';

type JobDeps = Pick<ServiceDeps, 'database' | 'events' | 'config'>;

// Any constant works; it only has to differ from the other advisory locks of the app.
const LOCK_KEY = 720_001;
const DAY_MS = 86_400_000;

export interface ReminderRunResult {
  /** Another node held the lock and is doing this run. */
  skipped: boolean;
  /** Reminders created now (people x items). */
  sent: number;
}

type Due = {
  kind: 'mural' | 'protocol';
  id: number;
  titulo: string;
  fim_previsto: string;
  user_id: number;
  mural_id: number | null;
};

/** The day after a YYYY-MM-DD date. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** dd/mm/aaaa of a YYYY-MM-DD date. */
function br(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** The reminder text of an item on a given day. */
export function reminderText(item: Pick<Due, 'kind' | 'titulo' | 'fim_previsto'>, today: string) {
  const what = item.kind === 'mural' ? 'A demanda' : 'A tarefa';
  if (item.fim_previsto >= today)
    return `${what} "${item.titulo}" vence amanhã (${br(item.fim_previsto)}).`;
  return `${what} "${item.titulo}" está atrasada: o prazo era ${br(item.fim_previsto)}.`;
}

/**
 * Due items claimed and notified per transaction. The first pass of a day claims every item
 * due (about 111,000 in the 10x bench company): holding them all, with their notifications,
 * in memory at once grew the server's heap by ~470 MiB for good (V8 keeps the space), so a
 * pass works through them in batches of this many, whatever the company's size.
 */
export const REMINDER_BATCH = 2_000;

/** Keyset position in the due items: (kind, id); each item reminds one person. */
type DueKey = { kind: 'mural' | 'protocol' | ''; id: number };

/**
 * One pass of the deadline reminders for a company day: every open demand and task due
 * tomorrow or overdue reminds its responsável (a demand without one: its creator; a task
 * without one: its demand's responsável). Each item reminds each person once per day, and a
 * PostgreSQL advisory lock lets only one node work on a batch at a time.
 */
export async function runDeadlineReminders(
  deps: JobDeps,
  options: { today?: string; batchSize?: number } = {},
): Promise<ReminderRunResult> {
  const today = options.today ?? todayIn(deps.config.COMPANY_TIME_ZONE);
  const batchSize = options.batchSize ?? REMINDER_BATCH;
  let after: DueKey = { kind: '', id: 0 };
  let sent = 0;
  for (;;) {
    const batch = await remindBatch(deps, today, after, batchSize);
    if (batch.skipped) return { skipped: sent === 0, sent };
    sent += batch.sent;
    if (!batch.next) return { skipped: false, sent };
    after = batch.next;
  }
}

/**
 * Claims and notifies the next `limit` due items after `after` in one transaction; `next` is
 * where the following batch starts (undefined once the due items are exhausted).
 */
async function remindBatch(deps: JobDeps, today: string, after: DueKey, limit: number) {
  const tomorrow = nextDay(today);
  const notifications = createNotificationsService(deps);
  const result = await deps.database.db.transaction(async (tx) => {
    const lock = await tx.execute<{ ok: boolean }>(
      sql`select pg_try_advisory_xact_lock(${LOCK_KEY}) as ok`,
    );
    if (!lock.rows[0]?.ok) return { skipped: true as const };

    // One statement takes the next batch of items due today for their person, in (kind, id)
    // order (each branch walks its table's primary key from where the last batch stopped, so
    // a batch costs the same wherever it starts), claims them (the daily log's primary key
    // keeps each once per day) and answers the whole batch, each row saying whether it was
    // claimed now. A pass used to run three statements per due item, also for items already
    // reminded today: 111,000 items in the 10x bench company kept a pool connection busy for
    // minutes every 15 minutes.
    const muralsAfter = after.kind === 'mural' ? after.id : 0;
    const protocolsAfter = after.kind === 'protocol' ? after.id : 0;
    const rows = await tx.execute<Due & { claimed: boolean }>(sql`
      with batch as (
        (select 'mural' as kind, m.id, m.titulo, m.fim_previsto::text as fim_previsto,
          coalesce(m.responsavel_id, m.created_by) as user_id, null::int as mural_id
        from murals m
        where ${after.kind !== 'protocol'} and m.id > ${muralsAfter}
          and m.stage <> 'concluido' and (m.fim_previsto = ${tomorrow} or m.fim_previsto < ${today})
          and coalesce(m.responsavel_id, m.created_by) is not null
        order by m.id
        limit ${limit})
        union all
        (select 'protocol' as kind, p.id, p.titulo, p.fim_previsto::text,
          coalesce(p.responsavel_id, m.responsavel_id), p.mural_id
        from protocols p join murals m on m.id = p.mural_id
        where p.id > ${protocolsAfter}
          and p.stage <> 'concluido' and (p.fim_previsto = ${tomorrow} or p.fim_previsto < ${today})
          and coalesce(p.responsavel_id, m.responsavel_id) is not null
        order by p.id
        limit ${limit})
        order by kind, id
        limit ${limit}),
      claimed as (
        insert into deadline_reminders (kind, item_id, user_id, day)
        select kind, id, user_id, ${today}::date from batch
        on conflict do nothing
        returning kind, item_id, user_id)
      select b.kind, b.id, b.titulo, b.fim_previsto, b.user_id, b.mural_id,
        c.item_id is not null as claimed
      from batch b
      left join claimed c on c.kind = b.kind and c.item_id = b.id and c.user_id = b.user_id
      order by b.kind, b.id`);

    const last = rows.rows.at(-1);
    const next: DueKey | undefined =
      rows.rows.length === limit && last ? { kind: last.kind, id: last.id } : undefined;
    const claimed = rows.rows.filter((r) => r.claimed);
    const publish =
      claimed.length === 0
        ? undefined
        : await notifications.notifyMany(
            claimed.map((item) => ({
              userIds: [item.user_id],
              type: 'deadline_reminder' as const,
              muralId: item.kind === 'mural' ? item.id : item.mural_id,
              protocolId: item.kind === 'protocol' ? item.id : null,
              texto: reminderText(item, today),
            })),
            tx,
          );
    return { skipped: false as const, sent: claimed.length, next, publish };
  });
  if (result.skipped) return result;
  await result.publish?.();
  return result;
}

/** Hour of the day (0-23) in a time zone. */
function hourIn(timeZone: string, now = new Date()): number {
  const h = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    hourCycle: 'h23',
  }).format(now);
  return Number(h);
}

export interface JobLog {
  error: (obj: unknown, msg: string) => void;
}

/**
 * Runs the reminders every `intervalMs` (default 15 min) from `fromHour` (default 7 h, company
 * time) on. Every node runs it; the lock and the daily log make it happen once.
 */
export function startDeadlineReminders(
  deps: JobDeps,
  log: JobLog,
  options: { intervalMs?: number; fromHour?: number } = {},
) {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    if (hourIn(deps.config.COMPANY_TIME_ZONE) < (options.fromHour ?? 7)) return;
    running = runDeadlineReminders(deps)
      .catch((err: unknown) => log.error({ err }, 'Falha nos lembretes de prazo'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.intervalMs ?? 15 * 60_000);
  timer.unref();
  const first = setTimeout(tick, 10_000);
  first.unref();
  return {
    /** Stops the schedule and waits for a run in progress. */
    async stop() {
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}
