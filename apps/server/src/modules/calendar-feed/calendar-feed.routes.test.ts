import { addDaysTo, startOfDayInZone, todayIn } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agendaEntries, calendarFeeds, contracts, users } from '../../db/schema/index.ts';
import { tokenHash } from '../../lib/crypto.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { createTestApp, spa } from '../../../test/helpers.ts';
import { makeBoard, makeDatedTask, makeMural } from '../planning/planning.fixtures.ts';
import { osBody, osWorld } from '../service-orders/os-test-kit.ts';
import { client, type sessionsByRole } from '../tatico/test-kit.ts';

const TZ = 'America/Sao_Paulo';
const today = todayIn(TZ);
let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let contractId: number;
let entryId: number;
let osLessEntryId: number;
let taskId: number;
let muralId: number;

/** ISO instant of hh:mm on a day, company time. */
const at = (day: string, h: number, m = 0) =>
  new Date(startOfDayInZone(day, TZ).getTime() + (h * 60 + m) * 60_000).toISOString();

const feedPath = (url: string) => new URL(url).pathname;
const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: feedPath(url) });
/** node-ical gives a property with parameters (URL;VALUE=URI) as `{ val, params }`. */
const text = (v: unknown) => (typeof v === 'string' ? v : (v as { val: string }).val);
const events = (body: string) =>
  Object.values(ical.sync.parseICS(body)).filter((c): c is VEvent => c?.type === 'VEVENT');

beforeAll(async () => {
  t = await createTestApp();
  const w = await osWorld(t);
  s = w.s;
  contractId = w.contractA;
  // A name that needs escaping in iCal text (RFC 5545 3.3.11).
  await t.database.db
    .update(contracts)
    .set({ codigo: 'CAL-1', nome: 'Hospital; Bloco C, 3º andar' })
    .where(eq(contracts.id, contractId));
  const day = addDaysTo(today, 2);
  const made = await w.coord.post('/api/tatico/agenda', {
    inicio: at(day, 8, 30),
    fim: at(day, 12),
    local: 'Rua Vergueiro, 1000 — São Paulo',
    contract_id: contractId,
    pessoas: [s.equipe.id],
    descricao: 'Limpeza de filtros\nLevar escada, EPI; crachá',
  });
  expect(made.statusCode, made.body).toBe(201);
  osLessEntryId = made.json<{ id: number }>().id;
  const os = await w.coord.post(
    '/api/tatico/os',
    osBody(w, {
      previsto_inicio: at(addDaysTo(today, 3), 13),
      previsto_fim: at(addDaysTo(today, 3), 17),
    }),
  );
  expect(os.statusCode, os.body).toBe(201);
  entryId = os.json<{ agenda_entry_id: number }>().agenda_entry_id;
  const board = await makeBoard(t, { contractId });
  const mural = await makeMural(t, {
    boardId: board.id,
    contractId,
    titulo: 'Renovar AVCB',
    responsavelId: s.financeiro.id,
    fimPrevisto: addDaysTo(today, 10),
  });
  muralId = mural.id;
  const task = await makeDatedTask(t, {
    muralId: mural.id,
    titulo: 'Vistoria dos hidrantes',
    fim: addDaysTo(today, 5),
    responsavelId: s.equipe.id,
  });
  taskId = task.id;
  // Outside the window (a year ahead) and someone else's: never in equipe's feed.
  await makeDatedTask(t, {
    muralId: mural.id,
    titulo: 'Longe demais',
    fim: addDaysTo(today, 400),
    responsavelId: s.equipe.id,
  });
  await makeDatedTask(t, {
    muralId: mural.id,
    titulo: 'De outra pessoa',
    fim: addDaysTo(today, 4),
    responsavelId: s.coordenador.id,
  });
});
afterAll(async () => t.close());

describe('/api/profile/calendario: the link is made, shown once, replaced and revoked', () => {
  it('is off at first; "Gerar link" answers the URL once and stores only its hash', async () => {
    const me = client(t, s.equipe.cookie);
    expect((await me.get('/api/profile/calendario')).json()).toEqual({
      ativo: false,
      criado_em: null,
      ultimo_uso_em: null,
    });
    const made = await me.post('/api/profile/calendario');
    expect(made.statusCode, made.body).toBe(201);
    const { url, ativo } = made.json<{ url: string; ativo: boolean }>();
    expect(ativo).toBe(true);
    const token = /\/api\/public\/calendario\/([A-Za-z0-9_-]{43})\.ics$/.exec(url)![1]!;
    const [row] = await t.database.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, s.equipe.id));
    expect(row!.tokenHash).toBe(tokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);
    // The status never shows the URL again.
    const status = await me.get('/api/profile/calendario');
    expect(status.json()).toMatchObject({ ativo: true, ultimo_uso_em: null });
    expect(status.body).not.toContain(token);
  });

  it('a new link replaces the old one; "Revogar" ends it; both answer 404 in Portuguese', async () => {
    const me = client(t, s.coordenador.cookie);
    const first = (await me.post('/api/profile/calendario')).json<{ url: string }>().url;
    expect((await fetchFeed(first)).statusCode).toBe(200);
    const second = (await me.post('/api/profile/calendario')).json<{ url: string }>().url;
    expect(second).not.toBe(first);
    const old = await fetchFeed(first);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ error: expect.stringContaining('revogado') });
    expect((await fetchFeed(second)).statusCode).toBe(200);
    const revoked = await me.delete('/api/profile/calendario');
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ ativo: false });
    expect((await fetchFeed(second)).statusCode).toBe(404);
  });

  it('a deactivated person’s feed stops answering', async () => {
    const me = client(t, s.gerente.cookie);
    const url = (await me.post('/api/profile/calendario')).json<{ url: string }>().url;
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, s.gerente.id));
    expect((await fetchFeed(url)).statusCode).toBe(404);
    await t.database.db.update(users).set({ active: true }).where(eq(users.id, s.gerente.id));
  });

  it('needs a session to make or revoke a link', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const)
      expect(
        (
          await t.app.inject({
            method,
            url: '/api/profile/calendario',
            headers: spa,
          })
        ).statusCode,
      ).toBe(401);
  });

  it.each([
    ['x.ics'],
    ['%00.ics'],
    ['2147483648.ics'],
    ['0x10.ics'],
    [`${'A'.repeat(43)}.ical`],
    [`${'A'.repeat(43)}`],
    [`${'A'.repeat(60)}.ics`],
  ])('a malformed link %s is 400, never 500', async (file) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/public/calendario/${file}` });
    expect(res.statusCode).toBe(400);
  });

  it('an unknown well-formed token is 404 with nothing about who or why', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/public/calendario/${'B'.repeat(43)}.ics`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/usu[aá]rio|pessoa|inativ/i);
  });
});

describe('the feed: valid RFC 5545 in the company time zone, read back with node-ical', () => {
  it('lists equipe’s agenda entries, its OS and its task’s due date, and nothing else', async () => {
    const me = client(t, s.equipe.cookie);
    const url = (await me.post('/api/profile/calendario')).json<{ url: string }>().url;
    const res = await fetchFeed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.body;
    expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(body).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Sao_Paulo');
    // No daylight saving in Brazil since 2019: a stale table would shift summer events by 1 h.
    expect(body).not.toContain('BEGIN:DAYLIGHT');
    // Lines are folded at 75 octets and end in CRLF (RFC 5545 3.1).
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const list = events(body);
    const byUid = new Map(list.map((e) => [e.uid, e]));
    expect([...byUid.keys()].sort()).toEqual(
      [
        `agenda-${osLessEntryId}@localhost`,
        `agenda-${entryId}@localhost`,
        `tarefa-${taskId}-prazo@localhost`,
      ].sort(),
    );

    const plain = byUid.get(`agenda-${osLessEntryId}@localhost`)!;
    // 08:30 in São Paulo is the same instant whatever the server's zone.
    expect(new Date(plain.start).toISOString()).toBe(at(addDaysTo(today, 2), 8, 30));
    expect(new Date(plain.end!).toISOString()).toBe(at(addDaysTo(today, 2), 12));
    expect(body).toMatch(/DTSTART;TZID=America\/Sao_Paulo:\d{8}T083000\r\n/);
    expect(plain.location).toBe('Rua Vergueiro, 1000 — São Paulo');
    // Commas, semicolons and new lines survive the escaping.
    expect(plain.summary).toBe('Atividade em campo · Hospital; Bloco C, 3º andar');
    expect(plain.description).toContain('Limpeza de filtros\nLevar escada, EPI; crachá');
    expect(plain.description).toContain('Contrato: CAL-1 — Hospital; Bloco C, 3º andar');

    const withOs = byUid.get(`agenda-${entryId}@localhost`)!;
    expect(withOs.summary).toMatch(/^OS-\d{4}-\d+ · Hospital; Bloco C, 3º andar$/);
    expect(text(withOs.url)).toMatch(/\/tatico\/agenda\/os\/\d+$/);
    expect(new Date(withOs.start).toISOString()).toBe(at(addDaysTo(today, 3), 13));

    const due = byUid.get(`tarefa-${taskId}-prazo@localhost`)!;
    expect(due.summary).toBe('Prazo da tarefa: Vistoria dos hidrantes');
    expect(due.datetype).toBe('date');
    expect(body).toContain(`DTSTART;VALUE=DATE:${addDaysTo(today, 5).replaceAll('-', '')}\r\n`);
    expect(body).toContain(`DTEND;VALUE=DATE:${addDaysTo(today, 6).replaceAll('-', '')}\r\n`);
    expect(due.description).toBe('Demanda: Renovar AVCB');
    expect(text(due.url)).toBe(`http://localhost:${t.config.PORT}/eproto/protocols/${taskId}`);
  });

  it('someone without "Minha agenda" (financeiro) gets only the due dates of their demands', async () => {
    const me = client(t, s.financeiro.cookie);
    const url = (await me.post('/api/profile/calendario')).json<{ url: string }>().url;
    const list = events((await fetchFeed(url)).body);
    expect(list.map((e) => [e.uid, e.summary])).toEqual([
      [`demanda-${muralId}-prazo@localhost`, 'Prazo da demanda: Renovar AVCB'],
    ]);
  });

  it('a cancelled entry stays with STATUS:CANCELLED so subscribed calendars drop it', async () => {
    const me = client(t, s.equipe.cookie);
    const url = (await me.post('/api/profile/calendario')).json<{ url: string }>().url;
    await t.database.db
      .update(agendaEntries)
      .set({ status: 'cancelado' })
      .where(eq(agendaEntries.id, osLessEntryId));
    const ev = events((await fetchFeed(url)).body).find(
      (e) => e.uid === `agenda-${osLessEntryId}@localhost`,
    )!;
    expect(ev.status).toBe('CANCELLED');
  });

  it('records the last use (at most once an hour)', async () => {
    const me = client(t, s.diretoria.cookie);
    const url = (await me.post('/api/profile/calendario')).json<{ url: string }>().url;
    await fetchFeed(url);
    const first = (await me.get('/api/profile/calendario')).json<{ ultimo_uso_em: string }>();
    expect(first.ultimo_uso_em).not.toBeNull();
    await fetchFeed(url);
    const again = (await me.get('/api/profile/calendario')).json<{ ultimo_uso_em: string }>();
    expect(again.ultimo_uso_em).toBe(first.ultimo_uso_em);
  });
});
