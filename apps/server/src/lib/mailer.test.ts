import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { freePort } from '../../test/process.ts';
import { startSmtpReceiver } from '../../test/smtp-receiver.ts';
import { createEmailSender, createMailer } from './mailer.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const quiet = { error: () => undefined };
const sender = (smtpUrl: string) =>
  createEmailSender({
    db: t.database.db,
    log: quiet,
    smtpUrl,
    from: 'E-Proto <nao-responda@eproto.local>',
    domain: 'eproto.local',
  });
const rowOf = async (id: number) =>
  (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;

async function queued(to: string) {
  const mailer = createMailer({
    db: t.database.db,
    log: { info: () => undefined } as never,
    smtpUrl: smtp.url,
    logLinks: false,
    jobs: t.app.jobs,
  });
  await t.database.db.transaction(async (tx) => {
    await mailer({ to, subject: 'Assunto', body: 'Corpo' }, { tx });
  });
  const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
  return { row: row! };
}

describe('e-mail through the queue', () => {
  it('writes a pending outbox row and its job in the caller’s transaction, or neither', async () => {
    const mailer = createMailer({
      db: t.database.db,
      log: { info: () => undefined } as never,
      smtpUrl: smtp.url,
      logLinks: false,
      jobs: t.app.jobs,
    });
    await t.database.db
      .transaction(async (tx) => {
        await mailer({ to: 'desfeito@teste.com', subject: 'S', body: 'B' }, { tx });
        throw new Error('desfaz');
      })
      .catch(() => undefined);
    expect(
      await t.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.to, 'desfeito@teste.com')),
    ).toEqual([]);
    const { row } = await queued('fila@teste.com');
    expect(row.status).toBe('pending');
    const jobs = await t.database.db.execute<{ data: { outboxId: number } }>(
      sql`select data from pgboss.job where name = 'email-send'`,
    );
    expect(jobs.rows.map((j) => j.data.outboxId)).toContain(row.id);
  });

  it('sends once with its own Message-ID and marks the row sent; a sent row is not sent again', async () => {
    const { row } = await queued('uma.vez@teste.com');
    const send = sender(smtp.url);
    await send({ outboxId: row.id }, { id: 'j1', retryCount: 0, retryLimit: 7 });
    await send({ outboxId: row.id }, { id: 'j1', retryCount: 1, retryLimit: 7 });
    const got = smtp.accepted.filter((m) => m.to.includes('uma.vez@teste.com'));
    expect(got).toHaveLength(1);
    expect(got[0]!.data).toMatch(new RegExp(`^Message-ID: <outbox-${row.id}@eproto.local>$`, 'im'));
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', error: null });
  });

  it('keeps the error on the row and throws (retry); after the last attempt the row is failed', async () => {
    const { row } = await queued('sem.servidor@teste.com');
    const send = sender(`smtp://127.0.0.1:${await freePort()}`);
    await expect(
      send({ outboxId: row.id }, { id: 'j2', retryCount: 0, retryLimit: 2 }),
    ).rejects.toThrow();
    expect(await rowOf(row.id)).toMatchObject({
      status: 'pending',
      error: expect.stringMatching(/ECONNREFUSED/),
    });
    await expect(
      send({ outboxId: row.id }, { id: 'j2', retryCount: 2, retryLimit: 2 }),
    ).rejects.toThrow();
    expect(await rowOf(row.id)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/ECONNREFUSED/),
    });
  });

  it('refuses a poisoned payload with an error of its own', async () => {
    const send = sender(smtp.url);
    const run = { id: 'j3', retryCount: 0, retryLimit: 0 };
    await expect(send({}, run)).rejects.toThrow('Tarefa de e-mail sem outboxId válido');
    await expect(send({ outboxId: '1; drop table users' }, run)).rejects.toThrow(
      'sem outboxId válido',
    );
    await expect(send({ outboxId: 2 ** 31 }, run)).rejects.toThrow('sem outboxId válido');
    await expect(send({ outboxId: 2 ** 31 - 1 }, run)).rejects.toThrow(
      'não está na caixa de saída',
    );
  });
});
