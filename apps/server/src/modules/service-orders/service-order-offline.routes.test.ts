import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inventoryItems,
  inventoryMovements,
  serviceOrderEvents,
  serviceOrderPhotos,
  serviceOrders,
} from '../../db/schema/index.ts';
import { spa, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { encodeGreyPng } from '../../lib/png.ts';
import { client, drawnSignature } from '../tatico/test-kit.ts';
import { createOs, osWorld, type OsWorld } from './os-test-kit.ts';

// OS steps queued on a phone without signal arrive later, maybe twice (an answer lost on a bad
// link): each carries an Idempotency-Key and the time it happened (X-Device-Time).

let t: TestApp;
let w: OsWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await osWorld(t);
});
afterAll(async () => t.close());

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
/** The report's date and time format (company time zone, to the minute). */
const shown = (iso: string | Date) =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

/** A queued write as the outbox sends it: JSON or multipart, with key and device time. */
function queued(
  method: 'POST' | 'PUT',
  url: string,
  key: string,
  deviceTime: string,
  payload: object | { raw: Buffer; type: string },
) {
  const raw = 'raw' in payload;
  return t.app.inject({
    method,
    url,
    headers: {
      ...spa,
      cookie: w.s.equipe.cookie,
      'idempotency-key': key,
      'x-device-time': deviceTime,
      ...(raw ? { 'content-type': payload.type } : {}),
    },
    payload: raw ? payload.raw : payload,
  });
}

function photoForm(seed: number) {
  const boundary = '----offline-boundary';
  const px = new Uint8Array(32 * 24).map((_, i) => (i * seed) % 255);
  const raw = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="meta"\r\n\r\n[{"tag":"depois"}]\r\n`,
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto-1.jpg"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    encodeGreyPng(32, 24, px),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { raw, type: `multipart/form-data; boundary=${boundary}` };
}

const events = (id: number, tipo: 'check_in' | 'foto_adicionada' | 'material_adicionado') =>
  t.database.db
    .select()
    .from(serviceOrderEvents)
    .where(and(eq(serviceOrderEvents.serviceOrderId, id), eq(serviceOrderEvents.tipo, tipo)));

async function checkedIn() {
  const os = await createOs(t, w);
  const res = await queued(
    'POST',
    `/api/tatico/os/${os.id}/etapas`,
    crypto.randomUUID(),
    minutesAgo(30),
    {
      acao: 'check_in',
    },
  );
  expect(res.statusCode, res.body).toBe(200);
  return os;
}

describe('OS steps replayed from the offline outbox', () => {
  it('a check-in sent twice with one key is applied once, answers the same, at the device time', async () => {
    const os = await createOs(t, w);
    const key = crypto.randomUUID();
    const when = minutesAgo(42);
    const url = `/api/tatico/os/${os.id}/etapas`;
    const body = { acao: 'check_in', latitude: -23.5, longitude: -46.6, precisao_m: 9 };
    const first = await queued('POST', url, key, when, body);
    const second = await queued('POST', url, key, when, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');

    const rows = await events(os.id, 'check_in');
    expect(rows).toHaveLength(1);
    // Only X-Device-Time was sent: it is the step's time; the arrival is kept beside it.
    expect(rows[0]!.deviceTime?.toISOString()).toBe(when);
    expect(rows[0]!.em.getTime()).toBeGreaterThan(Date.parse(when) + 40 * 60_000);
    const [row] = await t.database.db
      .select({ checkInEm: serviceOrders.checkInEm })
      .from(serviceOrders)
      .where(eq(serviceOrders.id, os.id));
    expect(row?.checkInEm?.toISOString()).toBe(when);
  });

  it('a device_time in the body wins over X-Device-Time', async () => {
    const os = await createOs(t, w);
    const body = minutesAgo(20);
    const res = await queued(
      'POST',
      `/api/tatico/os/${os.id}/etapas`,
      crypto.randomUUID(),
      minutesAgo(5),
      {
        acao: 'a_caminho',
        device_time: body,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const ev = res.json<{ historico: { tipo: string; device_time: string | null }[] }>();
    expect(ev.historico.find((h) => h.tipo === 'a_caminho')?.device_time).toBe(body);
  });

  it('a photo whose answer was lost is stored once when sent again; another key stores another', async () => {
    const os = await checkedIn();
    const url = `/api/tatico/os/${os.id}/fotos`;
    const key = crypto.randomUUID();
    const when = minutesAgo(15);
    const first = await queued('POST', url, key, when, photoForm(3));
    const again = await queued('POST', url, key, when, photoForm(3));
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    // The same key with another photo is another request: refused, nothing stored.
    const changed = await queued('POST', url, key, when, photoForm(5));
    expect(changed.statusCode, changed.body).toBe(422);
    const other = await queued('POST', url, crypto.randomUUID(), when, photoForm(4));
    expect(other.statusCode).toBe(201);
    const photos = await t.database.db
      .select()
      .from(serviceOrderPhotos)
      .where(eq(serviceOrderPhotos.serviceOrderId, os.id));
    expect(photos).toHaveLength(2);
    expect(photos.map((p) => p.deviceTime?.toISOString())).toEqual([when, when]);
    expect(await events(os.id, 'foto_adicionada')).toHaveLength(2);
  });

  it('a material replayed takes the stock down once', async () => {
    const os = await checkedIn();
    const made = await w.coord.post('/api/tatico/inventario/itens', {
      natureza: 'consumivel',
      codigo: `OFF-${Math.random().toString(36).slice(2, 8)}`,
      nome: 'Fita isolante',
      categoria: 'Elétrica',
      localizacao: 'Almoxarifado',
      unidade: 'un',
      quantidade_inicial: 5,
    });
    const itemId = made.json<{ item: { id: number } }>().item.id;
    const key = crypto.randomUUID();
    const body = { item_id: itemId, quantidade: 2 };
    const url = `/api/tatico/os/${os.id}/materiais`;
    expect((await queued('POST', url, key, minutesAgo(10), body)).statusCode).toBe(201);
    expect((await queued('POST', url, key, minutesAgo(10), body)).statusCode).toBe(201);
    const moves = await t.database.db
      .select()
      .from(inventoryMovements)
      .where(eq(inventoryMovements.serviceOrderId, os.id));
    expect(moves).toHaveLength(1);
    const [stock] = await t.database.db
      .select()
      .from(inventoryItems)
      .where(eq(inventoryItems.id, itemId));
    expect(stock?.quantidade).toBe(3);
    expect(await events(os.id, 'material_adicionado')).toHaveLength(1);
  });

  it('a step queued before the OS was cancelled is refused in Portuguese, and so is its replay', async () => {
    const os = await createOs(t, w);
    const cancel = await w.coord.post(`/api/tatico/os/${os.id}/etapas`, {
      acao: 'cancelar',
      motivo: 'Cliente desmarcou',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const key = crypto.randomUUID();
    const url = `/api/tatico/os/${os.id}/etapas`;
    const first = await queued('POST', url, key, minutesAgo(25), { acao: 'check_in' });
    const again = await queued('POST', url, key, minutesAgo(25), { acao: 'check_in' });
    expect(first.statusCode).toBe(409);
    expect(first.json<{ error: string }>().error).toMatch(/cancelad/i);
    expect(again.body).toBe(first.body);
    expect(await events(os.id, 'check_in')).toHaveLength(0);
  });
});

describe('one device-time rule for OS steps (X-Device-Time and device_time alike)', () => {
  it('a signature and conclusion queued offline keep the phone time; the report shows both', async () => {
    // A type with nothing required: the conclusion only needs the check-in.
    const tipo = await w.coord.post('/api/tatico/os/tipos', {
      nome: 'Visita técnica simples',
      itens: [{ titulo: 'Observação', tipo: 'texto_curto' }],
    });
    expect(tipo.statusCode, tipo.body).toBe(201);
    const os = await createOs(t, w, { service_type_id: tipo.json<{ id: number }>().id });
    const url = `/api/tatico/os/${os.id}`;
    expect(
      (
        await queued('POST', `${url}/etapas`, crypto.randomUUID(), minutesAgo(90), {
          acao: 'check_in',
        })
      ).statusCode,
    ).toBe(200);
    // Signed on the phone 47 minutes ago, sent now that the signal is back (no body time).
    const signedAt = minutesAgo(47);
    const before = Date.now();
    const res = await queued('POST', `${url}/concluir`, crypto.randomUUID(), signedAt, {
      tipo: 'assinada',
      cliente_nome: 'Marta Souza',
      cliente_cpf: '529.982.247-25',
      ...drawnSignature(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db
      .select({ concluidaEm: serviceOrders.concluidaEm, seladaEm: serviceOrders.seladaEm })
      .from(serviceOrders)
      .where(eq(serviceOrders.id, os.id));
    expect(row?.concluidaEm?.toISOString()).toBe(signedAt);
    expect(row!.seladaEm!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const detail = res.json<{ concluida_em: string; assinatura: { em: string } }>();
    expect(detail.concluida_em).toBe(signedAt);
    expect(detail.assinatura.em).toBe(signedAt);

    const tech = client(t, w.s.equipe.cookie);
    const text = pdfText((await tech.get(`${url}/relatorio.pdf`)).rawPayload);
    const both = `${shown(signedAt)} (no aparelho; recebido em ${shown(row!.seladaEm!)})`;
    expect(text).toContain(`Conclusão: \n${both}`);
    expect(text).toContain(`Assinado em ${both}`);
    expect(text).toContain(
      `${shown(minutesAgo(90))} (no aparelho; recebido em ${shown(new Date())})  Check-in`,
    );
  });

  it('a clock a few minutes fast is taken at the arrival; one far ahead is refused, header or body', async () => {
    const os = await createOs(t, w);
    const url = `/api/tatico/os/${os.id}/etapas`;
    const inFuture = (min: number) => new Date(Date.now() + min * 60_000).toISOString();
    const before = Date.now();
    const fast = await queued('POST', url, crypto.randomUUID(), inFuture(4), {
      acao: 'a_caminho',
    });
    expect(fast.statusCode, fast.body).toBe(200);
    const [ev] = await t.database.db
      .select()
      .from(serviceOrderEvents)
      .where(
        and(eq(serviceOrderEvents.serviceOrderId, os.id), eq(serviceOrderEvents.tipo, 'a_caminho')),
      );
    expect(ev!.deviceTime!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(ev!.deviceTime!.getTime()).toBeLessThanOrEqual(Date.now());

    const header = await queued('POST', url, crypto.randomUUID(), inFuture(60), {
      acao: 'check_in',
    });
    expect(header.statusCode).toBe(400);
    expect(header.json()).toMatchObject({ field: 'x-device-time' });
    expect(header.json<{ error: string }>().error).toMatch(/relógio do celular/);
    const body = await queued('POST', url, crypto.randomUUID(), minutesAgo(1), {
      acao: 'check_in',
      device_time: inFuture(60),
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ field: 'device_time' });
    expect(await events(os.id, 'check_in')).toHaveLength(0);
  });

  it('a helper taken off the team offline leaves at the phone time (their hours stop there)', async () => {
    const os = await createOs(t, w, { pessoas: [w.s.equipe.id, w.s.coordenador.id] });
    const leftAt = minutesAgo(33);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/tatico/os/${os.id}/equipe/${w.s.coordenador.id}`,
      headers: { ...spa, cookie: w.s.equipe.cookie, 'x-device-time': leftAt },
    });
    expect(res.statusCode, res.body).toBe(200);
    const team = res.json<{ equipe: { pessoa: { id: number }; saiu_em: string | null }[] }>();
    expect(team.equipe.find((m) => m.pessoa.id === w.s.coordenador.id)?.saiu_em).toBe(leftAt);
  });
});
