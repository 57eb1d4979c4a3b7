import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../db/schema/index.ts';
import { createNotificationsService } from '../modules/notifications/notifications.service.ts';
import {
  createTestApp,
  createUser,
  spa,
  userWithSession,
  type TestApp,
} from '../../test/helpers.ts';
import { until } from '../../test/jobs.ts';
import { spawnServer, type ServerProcess } from '../../test/process.ts';
import { startPushReceiver } from '../../test/push-receiver.ts';
import { startSmtpReceiver } from '../../test/smtp-receiver.ts';

// Node A is this process's app; node B is the real server in a child process, killed with
// SIGKILL while the SMTP server and the push service hold its requests unanswered.
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let phone: Awaited<ReturnType<typeof startPushReceiver>>;
let nodeB: ServerProcess | null = null;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eproto-crash-'));

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  phone = await startPushReceiver();
  t = await createTestApp(
    { SMTP_URL: smtp.url, OUTBOUND_URL_ALLOWLIST: 'http://127.0.0.1' },
    { mailer: 'outbox', jobs: { pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1 } },
  );
});

afterAll(async () => {
  if (nodeB && nodeB.proc.exitCode === null) nodeB.proc.kill('SIGKILL');
  await t.app.jobs.stop();
  await t.close();
  await smtp.close();
  await phone.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a node killed in the middle of sending', () => {
  it('leaves each e-mail and push to another node, which sends it exactly once', async () => {
    const gerente = await createUser(t, { role: 'Gerente' });
    const tech = await userWithSession(t, 'Equipe');
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { ...spa, cookie: tech.cookie },
      payload: { endpoint: phone.endpoint, keys: phone.keys },
    });
    expect(sub.statusCode, sub.body).toBe(201);

    nodeB = await spawnServer({
      DATABASE_URL: t.database.directUrl,
      SMTP_URL: smtp.url,
      OUTBOUND_URL_ALLOWLIST: 'http://127.0.0.1',
      DEMO_MODE: 'false',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
    });
    await until(() => nodeB!.output().includes('Fila de tarefas iniciada'), 120_000);
    // A job whose node died is retried after its queue's expiry: 2 s here instead of minutes.
    await t.database.db.execute(sql`update pgboss.queue set expire_seconds = 2, retry_delay = 1
      where name in ('email-send', 'push-send', 'push-deliver')`);

    const releaseSmtp = smtp.hold();
    const releasePush = phone.holdAnswers();
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset-request',
      headers: spa,
      payload: { email: gerente.email },
    });
    expect(ask.statusCode).toBe(200);
    const notifications = createNotificationsService({
      database: t.database,
      events: t.events,
      push: t.app.push,
    });
    await t.database.db.transaction((tx) =>
      notifications.notify(
        { userIds: [tech.user.id], type: 'mention', texto: 'Confira a leitura do medidor' },
        tx,
      ),
    );

    // Node B has both in flight: the message sent up to its end of data, the push posted.
    await until(() => smtp.holding() === 1 && phone.received.length === 1, 60_000);
    nodeB.proc.kill('SIGKILL');
    await nodeB.exited;
    await until(async () => (await smtp.connections()) === 0 && (await phone.connections()) === 0);
    releaseSmtp();
    releasePush();

    // Node A takes over once the jobs expire.
    await t.app.jobs.start({ pollingIntervalSeconds: 0.5 });
    await until(() => smtp.accepted.length >= 1 && phone.accepted.length >= 1, 60_000);
    await t.app.push.idle();
    await until(async () => {
      const [row] = await t.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.to, gerente.email));
      return row?.status === 'sent';
    });

    expect(smtp.dropped.map((m) => m.to)).toEqual([[gerente.email]]);
    expect(smtp.accepted.map((m) => m.to)).toEqual([[gerente.email]]);
    expect(smtp.accepted[0]!.data).toMatch(/^Message-ID: <outbox-\d+@localhost>$/im);
    expect(phone.accepted).toHaveLength(1);
    expect(JSON.parse(phone.decrypt(phone.accepted[0]!.body))).toMatchObject({
      body: 'Confira a leitura do medidor',
    });
    // Both tries of the push carried the same Topic: a push service that did store the first
    // one replaces it instead of showing it twice.
    expect(phone.received).toHaveLength(2);
    expect(phone.received[1]!.headers.topic).toBe(phone.received[0]!.headers.topic);

    const jobs = await t.database.db.execute<{ name: string; state: string; retry_count: number }>(
      sql`select name, state, retry_count from pgboss.job
        where name in ('email-send', 'push-deliver')`,
    );
    expect(jobs.rows.map((j) => [j.name, j.state, j.retry_count]).sort()).toEqual([
      ['email-send', 'completed', 1],
      ['push-deliver', 'completed', 1],
    ]);
  }, 180_000);
});
