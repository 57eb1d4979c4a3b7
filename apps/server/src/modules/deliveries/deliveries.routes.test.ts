import type { Envio } from '@eproto/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  spa,
  userWithSession,
  type TestApp,
} from '../../../test/helpers.ts';
import { until } from '../../../test/jobs.ts';
import { freePort } from '../../../test/process.ts';
import { startSmtpReceiver } from '../../../test/smtp-receiver.ts';

let t: TestApp;
let port: number;
let ti: { cookie: string };
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>> | null = null;

beforeAll(async () => {
  // Nothing listens on the SMTP port at first: the e-mail fails.
  port = await freePort();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, { mailer: 'outbox' });
  await t.database.db.execute(
    sql`update pgboss.queue set retry_limit = 0 where name = 'email-send'`,
  );
  await t.app.jobs.start({ pollingIntervalSeconds: 0.5 });
  ti = await userWithSession(t, 'TI');
});
afterAll(async () => {
  await t.app.jobs.stop();
  await t.close();
  await smtp?.close();
});

const list = async (cookie: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/deliveries${query}`, headers: { cookie } });
const emailTo = async (to: string) =>
  (await list(ti.cookie, '?tipo=email'))
    .json<{ items: Envio[] }>()
    .items.find((d) => d.destino === to);

describe('/api/deliveries (ti)', () => {
  it('shows a failed e-mail with its error, resends it, and then shows it sent', async () => {
    const gerente = await createUser(t, { role: 'Gerente' });
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset-request',
      headers: spa,
      payload: { email: gerente.email },
    });
    expect(ask.statusCode).toBe(200);
    // The request answers before its work is done (same timing for unknown e-mails).
    await until(async () => (await emailTo(gerente.email))?.estado === 'na_fila');
    // One attempt instead of eight, then this node's workers run it.
    await t.database.db.execute(
      sql`update pgboss.job set retry_limit = 0 where name = 'email-send'`,
    );
    await t.app.jobs.start({ pollingIntervalSeconds: 0.5 });
    await until(async () => (await emailTo(gerente.email))?.estado === 'falhou');
    const failed = (await emailTo(gerente.email))!;
    expect(failed).toMatchObject({
      tipo: 'email',
      estado: 'falhou',
      assunto: 'E-Proto: redefinição de senha',
      tentativas: 1,
      erro: expect.stringMatching(/ECONNREFUSED/),
    });
    const onlyFailed = (await list(ti.cookie, '?estado=falhou')).json<{ items: Envio[] }>();
    expect(onlyFailed.items.map((d) => d.id)).toContain(failed.id);
    expect((await list(ti.cookie, '?estado=enviado')).json<{ items: Envio[] }>().items).toEqual([]);

    smtp = await startSmtpReceiver(port);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/deliveries/${failed.id}/reenviar`,
      headers: { ...spa, cookie: ti.cookie },
    });
    expect(again.statusCode, again.body).toBe(200);
    await until(async () => (await emailTo(gerente.email))?.estado === 'enviado');
    expect(smtp.accepted.map((m) => m.to)).toEqual([[gerente.email]]);
    const sent = (await emailTo(gerente.email))!;
    expect(sent).toMatchObject({ estado: 'enviado', tentativas: 2, erro: null });
    // Sent: nothing to resend.
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/deliveries/${failed.id}/reenviar`,
      headers: { ...spa, cookie: ti.cookie },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ error: string }>().error).toBe(
      'Só um envio que falhou pode ser reenviado.',
    );
  });

  it('answers 404 for an unknown job, 400 for a malformed id or filter', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/deliveries/00000000-0000-4000-8000-000000000000/reenviar',
      headers: { ...spa, cookie: ti.cookie },
    });
    expect(unknown.statusCode).toBe(404);
    for (const id of ['1', '2147483648', '0x10', '%00']) {
      const bad = await t.app.inject({
        method: 'POST',
        url: `/api/deliveries/${id}/reenviar`,
        headers: { ...spa, cookie: ti.cookie },
      });
      expect(bad.statusCode, id).toBe(400);
    }
    expect((await list(ti.cookie, '?estado=perdido')).statusCode).toBe(400);
    expect((await list(ti.cookie, '?tipo=sms')).statusCode).toBe(400);
  });

  it('walks every delivery in keyset pages, newest first, none repeated or skipped', async () => {
    // Pushes to a subscription that does not exist: whatever state the workers leave them in.
    const sent: string[] = [];
    for (let i = 0; i < 7; i++) {
      const id = await t.app.jobs.boss.send('push-deliver', {
        subscriptionId: 2_000_000 + i,
        payload: { title: `Aviso ${i}` },
      });
      sent.push(id!);
    }
    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const res = await list(ti.cookie, `?tipo=push&limit=3${before ? `&before=${before}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<{ items: Envio[]; nextBefore: string | null }>();
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((d) => d.id));
      before = page.nextBefore;
      pages++;
    } while (before && pages < 20);
    expect(new Set(seen).size).toBe(seen.length);
    // Newest first: the last one sent opens the first page.
    expect(seen.filter((id) => sent.includes(id))).toEqual([...sent].reverse());
    expect(pages).toBeGreaterThanOrEqual(3);
    // A page asked from a job that is gone is empty, not an error.
    const gone = await list(ti.cookie, '?before=00000000-0000-4000-8000-000000000000');
    expect(gone.json()).toEqual({ items: [], nextBefore: null });
  });

  it('refuses hostile cursors and page sizes with 400', async () => {
    for (const q of [
      'before=1',
      'before=0x10',
      'before=%00',
      'before=2147483648',
      'limit=0',
      'limit=101',
      'limit=2147483648',
      'limit=0x10',
      'limit=%00',
    ]) {
      const res = await list(ti.cookie, `?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json<{ error: string }>().error, q).toMatch(/inválid|No máximo/);
    }
  });

  it('is for ti only', async () => {
    for (const role of ['Administrador', 'Gerente', 'Diretoria', 'Equipe']) {
      const who = await userWithSession(t, role);
      expect((await list(who.cookie)).statusCode, role).toBe(403);
      const post = await t.app.inject({
        method: 'POST',
        url: '/api/deliveries/00000000-0000-4000-8000-000000000000/reenviar',
        headers: { ...spa, cookie: who.cookie },
      });
      expect(post.statusCode, role).toBe(403);
    }
    expect((await list('')).statusCode).toBe(401);
  });
});
