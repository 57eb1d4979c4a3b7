import { NOTIFICATION_TEXT_MAX, todayIn, RT_EVENTS } from '@eproto/domain';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { EventBus } from '../lib/events.ts';

type JobDeps = { database: Database; events: EventBus; config: Pick<Config, 'COMPANY_TIME_ZONE'> };

// Any constant works; it only has to differ from the other advisory locks of the app.
const LOCK_KEY = 720_001;
const DAY_MS = 86_400_000;

export interface ReminderRunResult {
  /** Another node held the lock and is doing this run. */
  skipped: boolean;
  /** Reminders created now (people x items). */
  sent: number;
}

type Kind = 'mural' | 'protocol';

type Due = {
  kind: Kind;
  titulo: string;
  fim_previsto: string;
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

/**
 * The reminder text of an item on a given day. The pass builds the same text in SQL
 * (reminderTextSql); this one is its reference in the tests.
 */
export function reminderText(item: Due, today: string) {
  const what = item.kind === 'mural' ? 'A demanda' : 'A tarefa';
  if (item.fim_previsto >= today)
    return `${what} "${item.titulo}" vence amanhã (${br(item.fim_previsto)}).`;
  return `${what} "${item.titulo}" está atrasada: o prazo era ${br(item.fim_previsto)}.`;
}

/** reminderText in SQL, over a row `b` with titulo and fim_previsto (a date). */
function reminderTextSql(kind: Kind, today: string) {
  const what = kind === 'mural' ? 'A demanda' : 'A tarefa';
  // left(): the notification's text limit (titles are far shorter; notify() cuts the same).
  return sql`left(case when b.fim_previsto >= ${today}::date
      then ${what}::text || ' "' || b.titulo || '" vence amanhã ('
        || to_char(b.fim_previsto, 'DD/MM/YYYY') || ').'
      else ${what}::text || ' "' || b.titulo || '" está atrasada: o prazo era '
        || to_char(b.fim_previsto, 'DD/MM/YYYY') || '.'
    end, ${NOTIFICATION_TEXT_MAX}::int)`;
}

/**
 * Due items claimed and notified per statement (and transaction): a pass walks the due items
 * by primary key in batches of this many, so a statement's work, the rows it answers and the
 * time it holds the lock stay the same whatever the company's size (the 10x bench company has
 * ~111,000 items due on the first pass of a day).
 */
export const REMINDER_BATCH = 5_000;

/**
 * One pass of the deadline reminders for a company day: every open demand and task due
 * tomorrow or overdue reminds its responsável (a demand without one: its creator; a task
 * without one: its demand's responsável). Each item reminds each person once per day, and a
 * PostgreSQL advisory lock lets only one node work on a batch at a time. The people reminded
 * hear one event each (their tabs refetch the bell once) when the pass ends.
 */
export async function runDeadlineReminders(
  deps: JobDeps,
  options: { today?: string; batchSize?: number } = {},
): Promise<ReminderRunResult> {
  const today = options.today ?? todayIn(deps.config.COMPANY_TIME_ZONE);
  const batchSize = options.batchSize ?? REMINDER_BATCH;
  const told = new Set<number>();
  let sent = 0;
  try {
    for (const kind of ['mural', 'protocol'] as const) {
      let after = 0;
      for (;;) {
        const batch = await remindBatch(deps, kind, today, after, batchSize);
        if (batch.skipped) return { skipped: sent === 0, sent };
        sent += batch.sent;
        for (const id of batch.told) told.add(id);
        if (batch.next === undefined) break;
        after = batch.next;
      }
    }
    return { skipped: false, sent };
  } finally {
    // Also after a failed batch: those committed before it are in the bell.
    await tell(deps, [...told]);
  }
}

/** People per event: a NOTIFY payload must stay under 8,000 bytes. */
const EVENT_CHUNK = 500;

/** Tells the tabs of the people reminded (deadline reminders never go to the phones). */
async function tell(deps: JobDeps, userIds: number[]) {
  for (let i = 0; i < userIds.length; i += EVENT_CHUNK) {
    await deps.events.publish({
      type: RT_EVENTS.notification,
      userIds: userIds.slice(i, i + EVENT_CHUNK),
      data: { type: 'deadline_reminder' },
    });
  }
}

/**
 * The due items of a kind after `after` (by id), with the person each one reminds; none when
 * the statement's `lock` CTE did not get the lock.
 */
function dueSql(kind: Kind, today: string, after: number, limit: number) {
  const tomorrow = nextDay(today);
  if (kind === 'mural')
    return sql`select m.id, m.titulo, m.fim_previsto,
        coalesce(m.responsavel_id, m.created_by) as user_id, m.id as mural_id,
        null::int as protocol_id
      from murals m
      where (select ok from lock) and m.id > ${after}
        and m.stage <> 'concluido' and (m.fim_previsto = ${tomorrow} or m.fim_previsto < ${today})
        and coalesce(m.responsavel_id, m.created_by) is not null
      order by m.id
      limit ${limit}`;
  return sql`select p.id, p.titulo, p.fim_previsto,
      coalesce(p.responsavel_id, m.responsavel_id) as user_id, p.mural_id,
      p.id as protocol_id
    from protocols p join murals m on m.id = p.mural_id
    where (select ok from lock) and p.id > ${after}
      and p.stage <> 'concluido' and (p.fim_previsto = ${tomorrow} or p.fim_previsto < ${today})
      and coalesce(p.responsavel_id, m.responsavel_id) is not null
    order by p.id
    limit ${limit}`;
}

/**
 * Claims and notifies the next `limit` due items of a kind after `after` in one statement;
 * `next` is where the following batch starts (undefined once that kind's due items are
 * exhausted), `told` the people notified now.
 */
async function remindBatch(deps: JobDeps, kind: Kind, today: string, after: number, limit: number) {
  // The whole batch is one statement, in a transaction of its own: it takes the lock (held
  // until the transaction ends; a node that cannot take it gets no items), the next due
  // items, claims them for today (the daily log's primary key keeps each once per person and
  // day, also against a claim another node committed meanwhile), writes the notifications of
  // those claimed now for the people who want them (active, reminders not turned off: what
  // notify() decides), and answers one small row per item (one row with a null id when none
  // is left). A pass used to bring every item's title and date here, build each text and
  // notification row in JS and insert them through the query builder, in six statements a
  // batch and an event per 500 people: ~6 s of the server's CPU and 549 statements for the
  // 10x bench company's first pass.
  const rows = await deps.database.db.transaction((tx) =>
    tx.execute<{
      ok: boolean;
      id: number | null;
      user_id: number | null;
      claimed: boolean;
      told: boolean;
    }>(sql`
    with lock as materialized (select pg_try_advisory_xact_lock(${LOCK_KEY}) as ok),
    batch as (${dueSql(kind, today, after, limit)}),
    claimed as (
      insert into deadline_reminders (kind, item_id, user_id, day)
      select ${kind}::text, id, user_id, ${today}::date from batch
      on conflict do nothing
      returning item_id),
    told as (
      insert into notifications (user_id, type, mural_id, protocol_id, texto)
      select b.user_id, 'deadline_reminder', b.mural_id, b.protocol_id,
        ${reminderTextSql(kind, today)}
      from batch b
      join claimed c on c.item_id = b.id
      join users u on u.id = b.user_id
      where u.active and u.notification_prefs -> 'deadline_reminder' is distinct from 'false'::jsonb
      order by b.id
      returning ${kind === 'mural' ? sql`mural_id` : sql`protocol_id`} as item_id)
    select l.ok, b.id, b.user_id, c.item_id is not null as claimed, t.item_id is not null as told
    from lock l
    left join batch b on true
    left join claimed c on c.item_id = b.id
    left join told t on t.item_id = b.id
    order by b.id`),
  );

  if (!rows.rows[0]?.ok) return { skipped: true as const };
  const items = rows.rows.filter((r) => r.id !== null);
  const last = items.at(-1);
  return {
    skipped: false as const,
    sent: items.filter((r) => r.claimed).length,
    told: items.filter((r) => r.told).map((r) => r.user_id!),
    next: items.length === limit && last ? last.id! : undefined,
  };
}
