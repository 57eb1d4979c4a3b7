import { createHmac } from 'node:crypto';
import { addDaysTo, rolesFor, startOfDayInZone, todayIn } from '@eproto/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailDigestLog,
  emailOutbox,
  notifications,
  serverSecrets,
  users,
} from '../../db/schema/index.ts';
import { createEmailSender, createMailer, type Mail } from '../../lib/mailer.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { createTestApp } from '../../../test/helpers.ts';
import { startSmtpReceiver } from '../../../test/smtp-receiver.ts';
import { makeBoard, makeDatedTask, makeMural } from '../planning/planning.fixtures.ts';
import { osBody, osWorld, type OsWorld } from '../service-orders/os-test-kit.ts';
import { client } from '../tatico/test-kit.ts';
import { createEmailDigestService } from './email-digest.service.ts';
import { serviceDepsOf } from '../../../test/service-deps.ts';

const TZ = 'America/Sao_Paulo';
/** The digest's day: a few days ahead, so the agenda accepts the entries. */
const D = addDaysTo(todayIn(TZ), 3);
let t: TestApp;
let w: OsWorld;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
const email: Record<string, string> = {};
let osId: number;
let osCodigo: string;
let dueTodayTaskId: number;
let mentionTaskId: number;

/** The instant of hh:mm on a day, company time. */
const at = (day: string, h: number, m = 0) =>
  new Date(startOfDayInZone(day, TZ).getTime() + (h * 60 + m) * 60_000);
/** 07:00 of the digest's day, when the job runs. */
const SEVEN = at(D, 7);

const run = (now = SEVEN) => t.app.services.emailDigest.runDaily({ now });
const mailTo = (role: string, from = 0): Mail[] =>
  t.mails.slice(from).filter((m) => m.to === email[role]);
const publicCall = (method: 'GET' | 'POST', token: string, extra: object = {}) =>
  t.app.inject({ method, url: `/api/public/resumo-diario/${token}`, ...extra });
const oneClick = {
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: 'List-Unsubscribe=One-Click',
};
const tokenOf = (m: Mail) =>
  /\/api\/public\/resumo-diario\/([^>\s]+)>/.exec(m.headers!['List-Unsubscribe']!)![1]!;

async function entry(pessoas: number[], inicio: Date, fim: Date, descricao = 'Visita técnica') {
  const res = await w.coord.post('/api/tatico/agenda', {
    inicio: inicio.toISOString(),
    fim: fim.toISOString(),
    local: 'Shopping Norte, casa de máquinas',
    contract_id: w.contractA,
    pessoas,
    descricao,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function optIn(role: keyof OsWorld['s']) {
  const res = await client(t, w.s[role].cookie).put('/api/profile/resumo-diario', { ativo: true });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp();
  w = await osWorld(t);
  const s = w.s;
  for (const [role, who] of Object.entries(s)) {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, who.id));
    email[role] = row!.email;
  }
  // equipe: two entries today, the OS of the afternoon, and one late at night (23:00-23:30
  // BRT, already the next day in UTC) that still belongs to today.
  await entry([s.equipe.id], at(D, 8, 30), at(D, 12), 'Limpeza de filtros');
  const os = await w.coord.post(
    '/api/tatico/os',
    osBody(w, { previsto_inicio: at(D, 13).toISOString(), previsto_fim: at(D, 17).toISOString() }),
  );
  expect(os.statusCode, os.body).toBe(201);
  osId = os.json<{ id: number }>().id;
  osCodigo = os.json<{ codigo: string }>().codigo;
  await entry([s.equipe.id], at(D, 23), at(D, 23, 30));
  // Not today: the next day from 00:30 BRT, and yesterday.
  await entry([s.equipe.id], at(addDaysTo(D, 1), 0, 30), at(addDaysTo(D, 1), 1, 30));
  // Someone else's today.
  await entry([s.coordenador.id], at(D, 9), at(D, 10));

  const board = await makeBoard(t, { contractId: w.contractA });
  const mural = await makeMural(t, {
    boardId: board.id,
    contractId: w.contractA,
    titulo: 'Renovar AVCB',
    responsavelId: s.financeiro.id,
    fimPrevisto: addDaysTo(D, -1),
  });
  dueTodayTaskId = (
    await makeDatedTask(t, {
      muralId: mural.id,
      titulo: 'Vistoria dos hidrantes',
      fim: D,
      responsavelId: s.equipe.id,
    })
  ).id;
  mentionTaskId = (
    await makeDatedTask(t, {
      muralId: mural.id,
      titulo: 'Trocar <correias> & polias',
      fim: addDaysTo(D, -2),
      responsavelId: s.equipe.id,
    })
  ).id;
  await makeDatedTask(t, {
    muralId: mural.id,
    titulo: 'Concluída atrasada',
    fim: addDaysTo(D, -5),
    responsavelId: s.equipe.id,
    stage: 'concluido',
  });
  await makeDatedTask(t, {
    muralId: mural.id,
    titulo: 'Vence amanhã',
    fim: addDaysTo(D, 1),
    responsavelId: s.equipe.id,
  });
  await makeDatedTask(t, {
    muralId: mural.id,
    titulo: 'Tarefa do coordenador',
    fim: D,
    responsavelId: s.coordenador.id,
  });
  // administrador has a due task but will be deactivated; gerente has one but never opted in.
  for (const role of ['administrador', 'gerente'] as const)
    await makeDatedTask(t, {
      muralId: mural.id,
      titulo: `Prazo de ${role}`,
      fim: D,
      responsavelId: s[role].id,
    });

  await t.database.db.insert(notifications).values([
    {
      userId: s.equipe.id,
      type: 'mention',
      protocolId: mentionTaskId,
      texto: 'Confere as correias antes da visita',
      authorId: s.coordenador.id,
    },
    {
      userId: s.equipe.id,
      type: 'mention',
      customText: 'Chat do contrato OS-A: leva a escada',
      authorId: s.gerente.id,
    },
    {
      userId: s.equipe.id,
      type: 'mention',
      texto: 'Menção já lida',
      authorId: s.gerente.id,
      readAt: new Date(),
    },
    {
      userId: s.equipe.id,
      type: 'task_assigned',
      texto: 'Não é menção',
      protocolId: mentionTaskId,
    },
    {
      userId: s.coordenador.id,
      type: 'mention',
      texto: 'Menção para outra pessoa',
      authorId: s.gerente.id,
    },
  ]);
  for (const role of ['equipe', 'financeiro', 'ti', 'administrador'] as const) await optIn(role);
  await t.database.db.update(users).set({ active: false }).where(eq(users.id, s.administrador.id));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('/api/profile/resumo-diario: the opt-in', () => {
  it('is off by default, stored when turned on and off, and needs a session', async () => {
    const me = client(t, w.s.gerente.cookie);
    expect((await me.get('/api/profile/resumo-diario')).json()).toEqual({ ativo: false });
    const on = await me.put('/api/profile/resumo-diario', { ativo: true });
    expect(on.statusCode, on.body).toBe(200);
    expect((await me.get('/api/profile/resumo-diario')).json()).toEqual({ ativo: true });
    await me.put('/api/profile/resumo-diario', { ativo: false });
    expect((await me.get('/api/profile/resumo-diario')).json()).toEqual({ ativo: false });
    const anon = await t.app.inject({ method: 'GET', url: '/api/profile/resumo-diario' });
    expect(anon.statusCode).toBe(401);
  });

  it('answers 400 in Portuguese to hostile values', async () => {
    const me = client(t, w.s.gerente.cookie);
    for (const ativo of ['0x10', 2 ** 31, '\u0000', '0000-01-01', null, 'true'])
      expect((await me.put('/api/profile/resumo-diario', { ativo })).statusCode).toBe(400);
    const res = await me.put('/api/profile/resumo-diario', {});
    expect(res.json<{ error: string }>().error).toMatch(/resumo diário/);
    expect((await me.get('/api/profile/resumo-diario')).json()).toEqual({ ativo: false });
  });
});

describe('the daily job: what each person gets', () => {
  let equipe: Mail;
  let first: number;
  beforeAll(async () => {
    first = t.mails.length;
    const result = await run();
    expect(result).toMatchObject({ day: D, sent: 2 });
    equipe = mailTo('equipe', first)[0]!;
  });

  it('equipe: today’s entries and OS in company time, late and due-today tasks, unread mentions', () => {
    expect(mailTo('equipe', first)).toHaveLength(1);
    const text = equipe.body;
    const base = t.config.publicUrl.replace(/\/$/, '');
    expect(equipe.subject).toMatch(
      /^E-Proto: seu dia \d\d\/\d\d — 3 na agenda, 2 prazos, 2 menções$/,
    );
    expect(text).toContain('SUA AGENDA DE HOJE (3)');
    expect(text).toContain('08:30–12:00 · Atividade em campo');
    expect(text).toContain(`13:00–17:00 · ${osCodigo}`);
    expect(text).toContain(`${base}/tatico/agenda/os/${osId}`);
    // 23:00 BRT is 02:00 UTC of the next day: still today's.
    expect(text).toContain('23:00–23:30 · Atividade em campo');
    expect(text).not.toContain('00:30–01:30');
    expect(text).toMatch(
      /ATRASADAS \(1\)\n- Tarefa: Trocar <correias> & polias\n {2}prazo \d\d\/\d\d\/\d{4}, 2 dias de atraso/,
    );
    expect(text).toContain(
      `VENCEM HOJE (1)\n- Tarefa: Vistoria dos hidrantes\n  vence hoje\n  ${base}/eproto/protocols/${dueTodayTaskId}`,
    );
    expect(text).toContain('MENÇÕES NÃO LIDAS (2)');
    expect(text).toContain(
      'Pessoa Coordenador mencionou você: “Confere as correias antes da visita”',
    );
    expect(text).toContain(`${base}/eproto/protocols/${mentionTaskId}`);
    expect(text).toContain(`${base}/operacional/chat-contrato?contrato=OS-A`);
    // Never someone else's, nor what is done, read, or not due yet.
    for (const absent of [
      'Tarefa do coordenador',
      'Menção para outra pessoa',
      'Menção já lida',
      'Não é menção',
      'Concluída atrasada',
      'Vence amanhã',
      'Renovar AVCB',
      '09:00–10:00',
    ])
      expect(text).not.toContain(absent);
  });

  it('has an HTML part with the same items, escaped, and the one-click unsubscribe headers', () => {
    expect(equipe.html).toContain('Trocar &lt;correias&gt; &amp; polias');
    expect(equipe.html).not.toContain('<correias>');
    expect(equipe.html).toContain(`/eproto/protocols/${dueTodayTaskId}"`);
    expect(equipe.html).toContain('Não quero mais receber o resumo diário');
    expect(equipe.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(/^<http.*\/api\/public\/resumo-diario\/.+>$/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(equipe.body).toContain(
      `Para não receber mais: ${equipe.headers!['List-Unsubscribe']!.slice(1, -1)}`,
    );
  });

  it('financeiro (no Minha agenda): only the overdue demand it is responsible for', () => {
    const [mail] = mailTo('financeiro', first);
    expect(mail!.body).toContain('ATRASADAS (1)\n- Demanda: Renovar AVCB');
    expect(mail!.body).not.toContain('SUA AGENDA');
    expect(mail!.body).not.toContain('Vistoria dos hidrantes');
  });

  it('nothing to say, deactivated or not opted in: no e-mail', () => {
    expect(rolesFor('/tatico/agenda')).not.toContain('ti');
    expect(mailTo('ti', first)).toEqual([]);
    expect(mailTo('administrador', first)).toEqual([]);
    expect(mailTo('gerente', first)).toEqual([]);
    expect(mailTo('coordenador', first)).toEqual([]);
  });
});

describe('once per person per day', () => {
  it('a second run, and two nodes running at once, send nothing again; the next day sends', async () => {
    const before = t.mails.length;
    expect(await run()).toMatchObject({ sent: 0, already: 2 });
    // A second node: its own service (and mailer) on the same database.
    const other = createEmailDigestService(depsOf(), { agenda: t.app.services.agenda });
    // The next day at 07:00, two nodes at once: each person once.
    const next = at(addDaysTo(D, 1), 7);
    const [a, b] = await Promise.all([run(next), other.runDaily({ now: next })]);
    const sentNext =
      mailTo('equipe', before).length + recorded.filter((m) => m.to === email.equipe).length;
    expect(sentNext).toBe(1);
    expect(a.sent + b.sent).toBe(2);
    expect(a.already + b.already).toBe(2);
    const log = await t.database.db
      .select()
      .from(emailDigestLog)
      .where(eq(emailDigestLog.userId, w.s.equipe.id));
    expect(log.map((r) => r.day).sort()).toEqual([D, addDaysTo(D, 1)]);
  });

  it('runs at 23:30 BRT count as that day: a task due that day is "vence hoje"', async () => {
    // 02:30 UTC of D+3 is 23:30 of D+2 in São Paulo.
    const late = new Date(at(addDaysTo(D, 3), 0).getTime() - 30 * 60_000);
    expect(late.toISOString().slice(0, 10)).toBe(addDaysTo(D, 3));
    const task = await makeDatedTask(t, {
      muralId: (await t.database.db.execute<{ id: number }>(sql`select id from murals limit 1`))
        .rows[0]!.id,
      titulo: 'Vence às 23h30',
      fim: addDaysTo(D, 2),
      responsavelId: w.s.ti.id,
    });
    const before = t.mails.length;
    expect(await run(late)).toMatchObject({ day: addDaysTo(D, 2) });
    const [mail] = mailTo('ti', before);
    expect(mail!.body).toContain(`VENCEM HOJE (1)\n- Tarefa: Vence às 23h30\n  vence hoje`);
    expect(mail!.body).toContain(`/eproto/protocols/${task.id}`);
  });
});

describe('SMTP: the digest goes through the e-mail queue as multipart with its headers', () => {
  it('the sender delivers text and HTML parts with List-Unsubscribe and List-Unsubscribe-Post', async () => {
    const mailer = createMailer({
      db: t.database.db,
      log: { info: () => undefined } as never,
      smtpUrl: smtp.url,
      logLinks: false,
      jobs: t.app.jobs,
    });
    const service = createEmailDigestService(
      { ...depsOf(), mailer },
      { agenda: t.app.services.agenda },
    );
    const result = await service.runDaily({ now: at(addDaysTo(D, 10), 7) });
    expect(result.sent).toBeGreaterThan(0);
    const [row] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, email.equipe!), eq(emailOutbox.status, 'pending')));
    const send = createEmailSender({
      db: t.database.db,
      log: { error: () => undefined },
      smtpUrl: smtp.url,
      from: 'E-Proto <nao-responda@eproto.local>',
      domain: 'eproto.local',
    });
    await send({ outboxId: row!.id }, { id: 'j', retryCount: 0, retryLimit: 7 });
    const got = smtp.accepted.find((m) => m.to.includes(email.equipe!))!;
    // Long header lines are folded (RFC 5322 2.2.3): unfold before reading them.
    const data = got.data.replace(/\n(?=[ \t])/g, '');
    expect(data).toMatch(/^List-Unsubscribe: <http.*\/api\/public\/resumo-diario\/.+>$/m);
    expect(data).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(data).toMatch(/Content-Type: multipart\/alternative/);
    expect(data).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(data).toMatch(/Content-Type: text\/html; charset=utf-8/);
  });
});

describe('/api/public/resumo-diario/<token>: one-click unsubscribe', () => {
  let token: string;
  beforeAll(async () => {
    const before = t.mails.length;
    await run(at(addDaysTo(D, 20), 7));
    token = tokenOf(mailTo('equipe', before)[0]!);
  });

  it('GET shows a confirmation page in Portuguese and changes nothing', async () => {
    const res = await publicCall('GET', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Cancelar o resumo diário?');
    expect(res.body).toContain('<form method="post">');
    expect(res.body).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(res.body).not.toContain(email.equipe);
    const me = client(t, w.s.equipe.cookie);
    expect((await me.get('/api/profile/resumo-diario')).json()).toEqual({ ativo: true });
  });

  it('forged, expired or another person’s signature: the same 404, nothing changed, nothing leaked', async () => {
    const [secret] = await t.database.db
      .select()
      .from(serverSecrets)
      .where(eq(serverSecrets.name, 'email_digest_unsubscribe'));
    const key = Buffer.from(secret!.value, 'base64');
    const signed = (id: number, exp: number) =>
      `${id}.${exp}.${createHmac('sha256', key).update(`${id}.${exp}`).digest('base64url')}`;
    const [id, exp, sig] = token.split('.') as [string, string, string];
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const bad = [
      `${id}.${exp}.${flipped}`,
      // Someone else's id with equipe's signature.
      `${w.s.financeiro.id}.${exp}.${sig}`,
      // A later expiry with the old signature.
      `${id}.${Number(exp) + 86_400}.${sig}`,
      // Correctly signed but expired yesterday.
      signed(Number(id), Math.floor(Date.now() / 1000) - 86_400),
      // Correctly signed for a person that does not exist: same answer as any other.
      signed(2_147_483_000, Number(exp)),
    ];
    const pages = new Set<string>();
    const errors = new Set<string>();
    for (const tok of bad) {
      for (const method of ['GET', 'POST'] as const) {
        // A person's browser gets a page, a mail provider the API's JSON: both the same 404.
        const page = await publicCall(method, tok, {
          ...(method === 'POST' ? oneClick : {}),
          headers: { ...(method === 'POST' ? oneClick.headers : {}), accept: 'text/html' },
        });
        expect({ tok, method, status: page.statusCode }).toEqual({ tok, method, status: 404 });
        expect(page.body).toContain('Link inválido ou expirado');
        pages.add(page.body);
        const api = await publicCall(method, tok, method === 'POST' ? oneClick : {});
        expect(api.statusCode).toBe(404);
        errors.add(api.json<{ error: string }>().error);
        for (const who of Object.values(email)) {
          expect(page.body).not.toContain(who);
          expect(api.body).not.toContain(who);
        }
      }
    }
    expect(pages.size).toBe(1);
    expect([...errors]).toEqual(['Link de descadastro inválido ou expirado.']);
    const me = client(t, w.s.equipe.cookie);
    expect((await me.get('/api/profile/resumo-diario')).json()).toEqual({ ativo: true });
    // The correctly signed one for a missing person did not fail either.
    expect(
      (await publicCall('POST', signed(2_147_483_000, Number(exp)), oneClick)).statusCode,
    ).toBe(404);
  });

  it('hostile tokens answer 400, never 500', async () => {
    for (const tok of [
      'abc',
      '0x10',
      '%00',
      '0000-01-01',
      `2147483648.${Math.floor(Date.now() / 1000) + 999}.${'a'.repeat(43)}`,
      `0.1.${'a'.repeat(43)}`,
      `1.1.${'a'.repeat(42)}`,
      `-1.1.${'a'.repeat(43)}`,
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await publicCall(
          method,
          encodeURIComponent(tok),
          method === 'POST' ? oneClick : {},
        );
        expect({ tok, method, status: res.statusCode }).toEqual({ tok, method, status: 400 });
      }
    }
  });

  it('POST with List-Unsubscribe=One-Click, no session and no CSRF header, turns it off; again is fine', async () => {
    const res = await publicCall('POST', token, oneClick);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Resumo diário cancelado');
    const me = client(t, w.s.equipe.cookie);
    expect((await me.get('/api/profile/resumo-diario')).json()).toEqual({ ativo: false });
    expect((await publicCall('POST', token, oneClick)).statusCode).toBe(200);
    // The confirmation page's own form (same body) and a bare POST work the same way.
    expect((await publicCall('POST', token)).statusCode).toBe(200);
    const before = t.mails.length;
    await run(at(addDaysTo(D, 21), 7));
    expect(mailTo('equipe', before)).toEqual([]);
  });
});

const recorded: Mail[] = [];
const recorder = async (m: Mail) => {
  recorded.push(m);
};

function depsOf() {
  return serviceDepsOf(t, { mailer: recorder });
}
