import { NOTIFICATION_TEXT_MAX, todayIn } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { boards, murals, notifications, protocols, users } from '../db/schema/index.ts';
import type { AppEvent } from '../lib/events.ts';
import { createTestApp, createUser, type TestApp } from '../../test/helpers.ts';
import { waitForJob } from '../../test/jobs.ts';
import { nextDay, reminderText, runDeadlineReminders } from './deadline-reminders.ts';

let t: TestApp;
let boardId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [b] = await t.database.db.insert(boards).values({ nome: 'Quadro' }).returning();
  boardId = b!.id;
});
afterAll(async () => t.close());

const TODAY = '2026-03-10';
const deps = () => ({ database: t.database, events: t.events, config: t.config });

async function demand(v: {
  titulo: string;
  fim: string | null;
  resp?: number | null;
  by?: number;
  stage?: 'concluido';
}) {
  const [m] = await t.database.db
    .insert(murals)
    .values({
      titulo: v.titulo,
      boardId,
      fimPrevisto: v.fim,
      responsavelId: v.resp ?? null,
      createdBy: v.by ?? null,
      stage: v.stage ?? 'a_fazer',
    })
    .returning();
  return m!;
}

const remindersOf = (userId: number) =>
  t.database.db
    .select({
      texto: notifications.texto,
      muralId: notifications.muralId,
      protocolId: notifications.protocolId,
      type: notifications.type,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));

describe('deadline reminders', () => {
  it('reminds due-tomorrow and overdue demands and tasks once per item per day', async () => {
    const ana = await createUser(t, { role: 'Equipe' });
    const boss = await createUser(t, { role: 'Gerente' });
    const tomorrow = await demand({ titulo: 'Vistoria', fim: '2026-03-11', resp: ana.id });
    const late = await demand({ titulo: 'Relatório', fim: '2026-03-05', resp: ana.id });
    await demand({ titulo: 'Feita', fim: '2026-03-01', resp: ana.id, stage: 'concluido' });
    await demand({ titulo: 'Hoje', fim: TODAY, resp: ana.id });
    await demand({ titulo: 'Longe', fim: '2026-03-20', resp: ana.id });
    await demand({ titulo: 'Sem prazo', fim: null, resp: ana.id });
    const orphan = await demand({ titulo: 'Sem responsável', fim: '2026-03-11', by: boss.id });
    const [task] = await t.database.db
      .insert(protocols)
      .values({ muralId: late.id, titulo: 'Medição', fimPrevisto: '2026-03-11' })
      .returning();

    const events: AppEvent[] = [];
    const stop = t.events.subscribe((e) => events.push(e));
    const first = await runDeadlineReminders(deps(), { today: TODAY });
    stop();
    expect(first).toEqual({ skipped: false, sent: 4 });

    const mine = await remindersOf(ana.id);
    expect(mine.map((n) => n.texto).sort()).toEqual(
      [
        'A demanda "Relatório" está atrasada: o prazo era 05/03/2026.',
        'A demanda "Vistoria" vence amanhã (11/03/2026).',
        // A task without responsável reminds its demand's responsável.
        'A tarefa "Medição" vence amanhã (11/03/2026).',
      ].sort(),
    );
    expect(mine.every((n) => n.type === 'deadline_reminder')).toBe(true);
    expect(mine.find((n) => n.texto?.includes('Vistoria'))?.muralId).toBe(tomorrow.id);
    expect(mine.find((n) => n.texto?.includes('Medição'))).toMatchObject({
      muralId: late.id,
      protocolId: task!.id,
    });
    // A demand without responsável reminds its creator.
    expect((await remindersOf(boss.id)).map((n) => n.muralId)).toEqual([orphan.id]);
    // One event tells her tabs about all three (they refetch the bell once).
    expect(events.filter((e) => e.type === 'notification' && e.userIds?.includes(ana.id))).toEqual([
      { type: 'notification', userIds: [ana.id, boss.id], data: { type: 'deadline_reminder' } },
    ]);

    expect(await runDeadlineReminders(deps(), { today: TODAY })).toEqual({
      skipped: false,
      sent: 0,
    });
    expect(await remindersOf(ana.id)).toHaveLength(3);

    // Next day: the overdue one reminds again and yesterday's "today" is now late; the
    // "tomorrow" ones are due today and stay quiet.
    const next = await runDeadlineReminders(deps(), { today: nextDay(TODAY) });
    expect(next.sent).toBe(2);
    expect((await remindersOf(ana.id)).map((n) => n.texto)).toContain(
      'A demanda "Hoje" está atrasada: o prazo era 10/03/2026.',
    );
    expect((await remindersOf(ana.id)).filter((n) => n.texto?.includes('Relatório'))).toHaveLength(
      2,
    );
  });

  it('runs the same few statements however many items are due', async () => {
    // A pass used to run three statements per due item (claim, preferences, insert), also for
    // items already reminded that day: with 111,000 overdue items (10x bench company) it held
    // a pool connection for minutes, every 15 minutes, beside the people's own writes.
    const statements = async (items: number, day: string) => {
      const who = await createUser(t, { role: 'Equipe' });
      for (let i = 0; i < items; i++) await demand({ titulo: `Item ${i}`, fim: day, resp: who.id });
      const spy = vi.spyOn(pg.Client.prototype, 'query');
      try {
        const run = await runDeadlineReminders(deps(), { today: nextDay(day) });
        expect(run.sent).toBeGreaterThanOrEqual(items);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    const few = await statements(2, '2026-06-01');
    const many = await statements(60, '2026-07-01');
    expect(many).toBe(few);
    expect(many).toBeLessThanOrEqual(8);
  });

  it('works through the due items in batches, never holding more than one in memory', async () => {
    // The first pass of a day claims every item due (~111,000 at 10x): read and notified at
    // once they grew the heap by ~470 MiB for good. Each statement now answers one batch.
    const dani = await createUser(t, { role: 'Equipe' });
    for (let i = 0; i < 5; i++)
      await demand({ titulo: `Lote ${i}`, fim: '2026-09-02', resp: dani.id });
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    let run;
    let answers: unknown[];
    try {
      run = await runDeadlineReminders(deps(), { today: '2026-09-01', batchSize: 2 });
      answers = spy.mock.results.map((r) => r.value as unknown);
    } finally {
      spy.mockRestore();
    }
    // Rows answered by each statement the pass sent.
    const rowCounts = await Promise.all(
      answers.map((a) =>
        Promise.resolve(a).then(
          (r) => (r as { rows?: unknown[] } | undefined)?.rows?.length ?? 0,
          () => 0,
        ),
      ),
    );
    expect(rowCounts).toContain(2);
    expect(Math.max(...rowCounts)).toBe(2);
    expect(run.sent).toBeGreaterThanOrEqual(5);
    expect((await remindersOf(dani.id)).map((n) => n.texto).sort()).toEqual(
      [0, 1, 2, 3, 4].map((i) => `A demanda "Lote ${i}" vence amanhã (02/09/2026).`),
    );
    // Batches claimed once: a second pass of the day finds nothing new.
    expect(await runDeadlineReminders(deps(), { today: '2026-09-01', batchSize: 2 })).toEqual({
      skipped: false,
      sent: 0,
    });
    expect(await remindersOf(dani.id)).toHaveLength(5);
  });

  it('claims and notifies a batch in one statement and tells each person once per pass', async () => {
    // The first pass of a day at 10x (~111,000 items) spent ~6 s of the server's CPU building
    // each text and notification row in JS, in six statements a batch and an event per batch.
    const rui = await createUser(t, { role: 'Equipe' });
    const gone = await createUser(t, { role: 'Equipe' });
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, gone.id));
    const first = await demand({ titulo: 'Base', fim: '2026-01-11', resp: rui.id });
    for (let i = 0; i < 4; i++) await demand({ titulo: `D${i}`, fim: '2026-01-11', resp: rui.id });
    await demand({ titulo: 'De quem saiu', fim: '2026-01-11', resp: gone.id });
    await t.database.db
      .insert(protocols)
      .values(
        [0, 1, 2].map((i) => ({ muralId: first.id, titulo: `T${i}`, fimPrevisto: '2026-01-02' })),
      );

    const events: AppEvent[] = [];
    const stop = t.events.subscribe((e) => events.push(e));
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    let run;
    let statements: string[];
    try {
      run = await runDeadlineReminders(deps(), { today: '2026-01-10', batchSize: 2 });
      statements = spy.mock.calls.map((c) => {
        const q = c[0] as string | { text: string };
        return (typeof q === 'string' ? q : q.text).trim().toLowerCase();
      });
    } finally {
      spy.mockRestore();
      stop();
    }
    // 6 demands and 3 tasks, claimed (the inactive person's too: she is not reminded again).
    expect(run).toEqual({ skipped: false, sent: 9 });
    const work = statements.filter((q) => q !== 'begin' && q !== 'commit');
    // Batches of 2: demands 2+2+2 and an empty one, tasks 2+1; then one event.
    expect(work).toHaveLength(6 + 1);
    expect(statements.length).toBeLessThanOrEqual(3 * 6 + 1);
    expect(events).toEqual([
      { type: 'notification', userIds: [rui.id], data: { type: 'deadline_reminder' } },
    ]);
    expect(await remindersOf(gone.id)).toEqual([]);
    expect((await remindersOf(rui.id)).map((n) => n.texto).sort()).toEqual(
      [
        ...['Base', 'D0', 'D1', 'D2', 'D3'].map(
          (x) => `A demanda "${x}" vence amanhã (11/01/2026).`,
        ),
        ...['T0', 'T1', 'T2'].map((x) => `A tarefa "${x}" está atrasada: o prazo era 02/01/2026.`),
      ].sort(),
    );
  });

  it('writes the same texts as reminderText, whatever the title holds', async () => {
    const lia = await createUser(t, { role: 'Equipe' });
    const titles = [
      'Aspas "duplas" e \'simples\'',
      'Acentuação: ção, à, ü; 100% \\ barra',
      'Emoji 🚧 no título',
      `Longo ${'x'.repeat(2_100)}`,
    ];
    const made = [];
    for (const titulo of titles) {
      made.push({ kind: 'mural' as const, titulo, fim_previsto: '2025-12-31' });
      await demand({ titulo, fim: '2025-12-31', resp: lia.id });
    }
    const host = await demand({ titulo: 'Mãe', fim: null, resp: lia.id });
    await t.database.db.insert(protocols).values({
      muralId: host.id,
      titulo: titles[0]!,
      fimPrevisto: '2026-01-01',
    });
    made.push({ kind: 'protocol' as const, titulo: titles[0]!, fim_previsto: '2026-01-01' });
    await runDeadlineReminders(deps(), { today: '2025-12-31' });
    // Overdue ones wait until the next day; the task is due tomorrow.
    await runDeadlineReminders(deps(), { today: '2026-01-01' });
    const stored = (await remindersOf(lia.id)).map((n) => n.texto);
    const expected = [
      ...made
        .filter((m) => m.kind === 'protocol')
        .map((m) => reminderText(m, '2025-12-31').slice(0, NOTIFICATION_TEXT_MAX)),
      ...made
        .filter((m) => m.kind === 'mural')
        .map((m) => reminderText(m, '2026-01-01').slice(0, NOTIFICATION_TEXT_MAX)),
    ];
    expect(stored.sort()).toEqual(expected.sort());
    expect(stored.some((x) => x?.length === NOTIFICATION_TEXT_MAX)).toBe(true);
  });

  it('respects the person turning deadline reminders off', async () => {
    const quiet = await createUser(t, { role: 'Equipe' });
    await t.database.db
      .update(users)
      .set({ notificationPrefs: { deadline_reminder: false } })
      .where(eq(users.id, quiet.id));
    await demand({ titulo: 'Silenciosa', fim: '2026-04-02', resp: quiet.id });
    await runDeadlineReminders(deps(), { today: '2026-04-01' });
    expect(await remindersOf(quiet.id)).toHaveLength(0);
  });

  it('runs once when several nodes run it at the same time', async () => {
    const bia = await createUser(t, { role: 'Equipe' });
    await demand({ titulo: 'Concorrente', fim: '2026-05-02', resp: bia.id });
    const results = await Promise.all(
      Array.from({ length: 4 }, () => runDeadlineReminders(deps(), { today: '2026-05-01' })),
    );
    expect(results.reduce((n, r) => n + r.sent, 0)).toBeGreaterThanOrEqual(1);
    expect(await remindersOf(bia.id)).toHaveLength(1);
  });

  it('runs as the queue job deadline-reminders and stops cleanly', async () => {
    const caio = await createUser(t, { role: 'Equipe' });
    const realToday = todayIn(t.config.COMPANY_TIME_ZONE);
    await demand({ titulo: 'Agendada', fim: nextDay(realToday), resp: caio.id });
    await t.app.jobs.start();
    try {
      const id = await t.app.jobs.send(t.database.db, 'deadline-reminders', {});
      const job = await waitForJob(t, 'deadline-reminders', id!);
      expect(job.state).toBe('completed');
      expect(await remindersOf(caio.id)).toHaveLength(1);
    } finally {
      await t.app.jobs.stop();
    }
  });
});
