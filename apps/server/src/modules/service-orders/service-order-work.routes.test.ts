import fs from 'node:fs';
import path from 'node:path';
import { OS_CANCELLED_REFUSAL, type OsDetail } from '@eproto/domain';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inventoryItems,
  inventoryMovements,
  notifications,
  serviceOrderAnswers,
  serviceOrderEvents,
  serviceOrderMaterials,
  serviceOrderPhotos,
  serviceOrders,
} from '../../db/schema/index.ts';
import { createTestApp, userWithSession, type TestApp } from '../../../test/helpers.ts';
import { pdfPages, pdfText } from '../../../test/pdf-text.ts';
import { demoSignaturePng } from '../../lib/png.ts';
import { client, drawnSignature } from '../tatico/test-kit.ts';
import { createOs, osBody, osWorld, png, uploadPhotos, type OsWorld } from './os-test-kit.ts';
import { renderOsReportPdf } from './service-order-report.pdf.ts';
import { firstFormatSealedContent, hashContent } from './service-order-seal.ts';

let t: TestApp;
let w: OsWorld;
let tech: ReturnType<typeof client>;
const SITE = { latitude: -23.5, longitude: -46.6 };
const CPF = '529.982.247-25';

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_MB: '1' });
  w = await osWorld(t);
  tech = client(t, w.s.equipe.cookie);
});
afterAll(async () => t.close());

type Detail = {
  id: number;
  codigo: string;
  status: string;
  pendencias: string[];
  checklist: { item: { id: number; titulo: string; tipo: string }; respondido: boolean }[];
  historico: {
    tipo: string;
    latitude: number | null;
    distancia_m: number | null;
    device_time: string | null;
    motivo: string | null;
  }[];
  equipe: { pessoa: { id: number }; minutos: number; saiu_em: string | null }[];
  materiais: { id: number; quantidade: number; movement_id: number | null }[];
  km: { saida: number | null; retorno: number | null; rodados: number | null };
  selo: { sha256: string } | null;
  permissoes: { executar: boolean; adendo: boolean };
};

const item = (d: Detail, tipo: string) => d.checklist.find((c) => c.item.tipo === tipo)!.item.id;
const step = (id: number, body: Record<string, unknown>, c = tech) =>
  c.post(`/api/tatico/os/${id}/etapas`, body);

/** An OS checked in by the technician at the site. */
async function started(extra: Record<string, unknown> = {}) {
  const os = await createOs(t, w, extra);
  const res = await step(os.id, { acao: 'check_in', ...SITE, precisao_m: 8 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Detail>();
}

/** Files the local storage holds for an OS's photos (originals and thumbnails). */
function storedFiles(id: number): string[] {
  const dir = path.join(t.config.storage.localRoot, 'os-fotos', String(id));
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

const upload = (id: number, files: Buffer[], meta?: unknown, names?: string[]) =>
  uploadPhotos(t, w.s.equipe.cookie, id, files, meta, names);

/** Answers every required item (yes/no, number, photo). */
async function fillRequired(d: Detail) {
  expect(
    (
      await tech.put(`/api/tatico/os/${d.id}/checklist/${item(d, 'sim_nao')}`, {
        valor_sim_nao: 'sim',
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (
      await tech.put(`/api/tatico/os/${d.id}/checklist/${item(d, 'numero')}`, {
        valor_numero: 12.5,
      })
    ).statusCode,
  ).toBe(200);
  const up = await upload(d.id, [png()], [{ checklist_item_id: item(d, 'foto'), tag: 'depois' }]);
  expect(up.statusCode, up.body).toBe(201);
}

/** The public verification address of an OS (by its random code, never its number). */
async function verifyPath(id: number) {
  const [row] = await t.database.db
    .select({ code: serviceOrders.verificacaoCodigo })
    .from(serviceOrders)
    .where(eq(serviceOrders.id, id));
  return `/api/public/os/verificar/${row!.code}`;
}

const conclude = (id: number, body: Record<string, unknown> = {}) =>
  tech.post(`/api/tatico/os/${id}/concluir`, {
    tipo: 'assinada',
    cliente_nome: 'Marta Souza',
    cliente_cpf: CPF,
    ...drawnSignature(),
    avaliacao: 5,
    ...body,
  });

describe('steps with time and position', () => {
  it('on the way, check-in, pause and resume, each with who, when, device time and position', async () => {
    const os = await createOs(t, w);
    const deviceTime = new Date(Date.now() - 60_000).toISOString();
    expect((await step(os.id, { acao: 'a_caminho', device_time: deviceTime })).statusCode).toBe(
      200,
    );
    expect((await step(os.id, { acao: 'check_in', ...SITE, precisao_m: 5 })).statusCode).toBe(200);
    expect((await step(os.id, { acao: 'pausar', motivo: 'Almoço' })).statusCode).toBe(200);
    const res = await step(os.id, { acao: 'retomar' });
    const d = res.json<Detail>();
    expect(d.status).toBe('em_execucao');
    expect(d.historico.map((h) => h.tipo)).toEqual([
      'criada',
      'a_caminho',
      'check_in',
      'pausada',
      'retomada',
    ]);
    expect(d.historico[1]!.device_time).toBe(deviceTime);
    expect(d.historico[1]!.latitude).toBeNull();
    expect(d.historico[2]).toMatchObject({ latitude: -23.5, distancia_m: 0 });
  });

  it('a second check-in is 409 in Portuguese', async () => {
    const d = await started();
    const again = await step(d.id, { acao: 'check_in', ...SITE });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toBe('O check-in desta OS já foi feito.');
  });

  it('a check-in more than 300 m away needs a reason; GPS denied is allowed', async () => {
    const os = await createOs(t, w);
    const far = await step(os.id, { acao: 'check_in', latitude: -23.51, longitude: -46.6 });
    expect(far.statusCode).toBe(400);
    expect(far.json<{ error: string; field: string }>()).toMatchObject({
      field: 'motivo_distancia',
    });
    expect(far.json<{ error: string }>().error).toMatch(/Você está a 1,1 km do local/);
    const rows = await t.database.db
      .select()
      .from(serviceOrderEvents)
      .where(
        and(eq(serviceOrderEvents.serviceOrderId, os.id), eq(serviceOrderEvents.tipo, 'check_in')),
      );
    expect(rows).toHaveLength(0);
    const ok = await step(os.id, {
      acao: 'check_in',
      latitude: -23.51,
      longitude: -46.6,
      motivo_distancia: 'Entrada pelo portão dos fundos',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const ev = ok.json<Detail>().historico.find((h) => h.tipo === 'check_in')!;
    expect(ev.distancia_m).toBeGreaterThan(1000);
    expect(ev.motivo).toBe('Entrada pelo portão dos fundos');
    const noGps = await createOs(t, w);
    const res = await step(noGps.id, { acao: 'check_in' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Detail>().historico.at(-1)).toMatchObject({
      latitude: null,
      distancia_m: null,
    });
  });

  it('refuses a phone clock in the future, and a step by someone off the team', async () => {
    const os = await createOs(t, w);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const res = await step(os.id, { acao: 'a_caminho', device_time: future });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/relógio do celular/);
    const other = await createOs(t, w, { pessoas: [w.s.coordenador.id] });
    expect((await step(other.id, { acao: 'a_caminho' })).statusCode).toBe(404);
  });

  it('cancel is for gestores and needs a reason', async () => {
    const os = await createOs(t, w);
    expect((await step(os.id, { acao: 'cancelar', motivo: 'Cliente fechado' })).statusCode).toBe(
      403,
    );
    expect((await step(os.id, { acao: 'cancelar' }, w.coord)).statusCode).toBe(400);
    const res = await step(os.id, { acao: 'cancelar', motivo: 'Cliente fechado' }, w.coord);
    expect(res.json<Detail>().status).toBe('cancelada');
    expect((await step(os.id, { acao: 'a_caminho' })).statusCode).toBe(409);
  });

  it('refuses every change to a cancelled OS with one and the same message', async () => {
    const d = await started();
    expect(
      (await step(d.id, { acao: 'cancelar', motivo: 'Cliente fechado' }, w.coord)).statusCode,
    ).toBe(200);
    const refusals = [
      await step(d.id, { acao: 'pausar' }),
      await step(d.id, { acao: 'check_in' }),
      await step(d.id, { acao: 'cancelar', motivo: 'De novo' }, w.coord),
      await tech.put(`/api/tatico/os/${d.id}/checklist/${item(d, 'sim_nao')}`, {
        valor_sim_nao: 'sim',
      }),
    ];
    for (const r of refusals) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json<{ error: string }>().error).toBe(OS_CANCELLED_REFUSAL);
    }
  });

  it('publishes service-order.changed on every step', async () => {
    const os = await createOs(t, w);
    const seen: unknown[] = [];
    const off = t.events.subscribe((e) => {
      if (e.type === 'service-order.changed') seen.push(e.data);
    });
    await step(os.id, { acao: 'a_caminho' });
    off();
    expect(seen).toContainEqual(expect.objectContaining({ id: os.id, status: 'em_deslocamento' }));
  });
});

describe('checklist answers', () => {
  it('validates against the item type and range, saves, and clears', async () => {
    const d = await started();
    const num = item(d, 'numero');
    const out = await tech.put(`/api/tatico/os/${d.id}/checklist/${num}`, { valor_numero: 45 });
    expect(out.statusCode).toBe(400);
    expect(out.json<{ error: string }>().error).toBe(
      '"Temperatura de insuflamento": o valor deve ser no máximo 30 °C.',
    );
    const wrong = await tech.put(`/api/tatico/os/${d.id}/checklist/${num}`, {
      valor_texto: 'doze',
    });
    expect(wrong.statusCode).toBe(400);
    const choice = d.checklist.find((c) => c.item.tipo === 'escolha_unica')!.item.id;
    const bad = await tech.put(`/api/tatico/os/${d.id}/checklist/${choice}`, {
      valor_opcoes: ['Boa', 'Suja'],
    });
    expect(bad.json<{ error: string }>().error).toMatch(/só uma opção/);
    const ok = await tech.put(`/api/tatico/os/${d.id}/checklist/${num}`, { valor_numero: 12 });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(serviceOrderAnswers)
      .where(
        and(eq(serviceOrderAnswers.serviceOrderId, d.id), eq(serviceOrderAnswers.itemId, num)),
      );
    expect(row?.valorNumero).toBe(12);
    await tech.put(`/api/tatico/os/${d.id}/checklist/${num}`, {});
    const gone = await t.database.db
      .select()
      .from(serviceOrderAnswers)
      .where(eq(serviceOrderAnswers.serviceOrderId, d.id));
    expect(gone).toHaveLength(0);
  });

  it('needs a check-in first', async () => {
    const os = await createOs(t, w);
    const d = (await tech.get(`/api/tatico/os/${os.id}`)).json<Detail>();
    const res = await tech.put(`/api/tatico/os/${os.id}/checklist/${item(d, 'sim_nao')}`, {
      valor_sim_nao: 'sim',
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('photos', () => {
  it('stores photos with their metadata; a photo item counts when it has its minimum', async () => {
    const d = await started();
    const res = await upload(
      d.id,
      [png(1), png(2)],
      [
        {
          tirada_em: new Date().toISOString(),
          latitude: -23.5,
          longitude: -46.6,
          precisao_m: 12,
          tag: 'antes',
          legenda: 'Evaporadora',
          checklist_item_id: item(d, 'foto'),
        },
      ],
    );
    expect(res.statusCode, res.body).toBe(201);
    const items = res.json<{ items: { id: number; tag: string | null; sha256: string }[] }>().items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ tag: 'antes' });
    expect(items[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    const detail = (await tech.get(`/api/tatico/os/${d.id}`)).json<Detail>();
    expect(detail.checklist.find((c) => c.item.tipo === 'foto')!.respondido).toBe(true);
    const file = await tech.get(`/api/tatico/os/${d.id}/fotos/${items[0]!.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
  });

  it('refuses non-images, files over UPLOAD_MAX_MB and 40 photos at once, writing nothing', async () => {
    const d = await started();
    const text = await upload(d.id, [Buffer.from('isto não é uma foto')], undefined, ['foto.jpg']);
    expect(text.statusCode).toBe(415);
    expect(text.json<{ error: string }>().error).toMatch(/não é uma foto/);
    const pdf = await upload(d.id, [Buffer.from('%PDF-1.4 falso')]);
    expect(pdf.statusCode).toBe(415);
    const huge = Buffer.concat([png(), Buffer.alloc(1_200_000)]);
    const big = await upload(d.id, [huge]);
    expect(big.statusCode).toBe(413);
    expect(big.json<{ error: string }>().error).toMatch(/limite é 1 MB/);
    const many = await upload(
      d.id,
      Array.from({ length: 40 }, (_, i) => png(i + 1)),
    );
    expect(many.statusCode).toBe(400);
    expect(many.json<{ error: string }>().error).toBe('No máximo 10 fotos por envio.');
    // a file that starts like a PNG but is not one cannot get a thumbnail: refused too
    const broken = Buffer.concat([png().subarray(0, 40), Buffer.alloc(2_000, 7)]);
    const unreadable = await upload(d.id, [broken], undefined, ['quebrada.png']);
    expect(unreadable.statusCode).toBe(415);
    expect(unreadable.json<{ error: string }>().error).toBe(
      'O arquivo quebrada.png não é uma foto legível: envie imagens JPEG ou PNG.',
    );
    const rows = await t.database.db
      .select()
      .from(serviceOrderPhotos)
      .where(eq(serviceOrderPhotos.serviceOrderId, d.id));
    expect(rows).toHaveLength(0);
    // files are stored as they stream in: every refusal removed what it had stored
    expect(storedFiles(d.id)).toEqual([]);
  });

  it('streams a camera JPEG to storage with a small thumbnail, served only to who sees the OS', async () => {
    const d = await started();
    const camera = await sharp({
      create: { width: 2400, height: 1800, channels: 3, background: '#3b6ea5' },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    const res = await upload(d.id, [camera], [{ tag: 'antes' }], ['IMG_0001.jpg']);
    expect(res.statusCode, res.body).toBe(201);
    const [photo] = res.json<{
      items: { id: number; url: string; miniatura_url: string; sha256: string; tamanho: number }[];
    }>().items;
    expect(photo!.tamanho).toBe(camera.length);
    expect(photo!.miniatura_url).toBe(`/api/tatico/os/${d.id}/fotos/${photo!.id}/miniatura`);
    expect(storedFiles(d.id)).toHaveLength(2);

    const original = await tech.get(photo!.url);
    expect(Buffer.from(original.rawPayload).equals(camera)).toBe(true);
    const thumb = await tech.get(photo!.miniatura_url);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([480, 360]);
    expect(thumb.rawPayload.length).toBeLessThan(camera.length / 5);

    // the coordinator of the contract sees it; someone outside the team and the contract does not
    expect((await w.coord.get(photo!.miniatura_url)).statusCode).toBe(200);
    const stranger = await userWithSession(t, 'Equipe de Campo');
    const foreign = await client(t, stranger.cookie).get(photo!.miniatura_url);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<{ error: string }>().error).toMatch(/não encontrada/);
    const anonymous = await t.app.inject({ method: 'GET', url: photo!.miniatura_url });
    expect(anonymous.statusCode).toBe(401);

    // removing the photo removes both files
    const del = await tech.delete(`/api/tatico/os/${d.id}/fotos/${photo!.id}`);
    expect(del.statusCode).toBe(204);
    expect(storedFiles(d.id)).toEqual([]);
    expect((await tech.get(photo!.miniatura_url)).statusCode).toBe(404);
  });
});

describe('materials from the inventory', () => {
  async function consumable(qty: number) {
    const res = await w.coord.post('/api/tatico/inventario/itens', {
      natureza: 'consumivel',
      codigo: `FILTRO-${Math.random().toString(36).slice(2, 8)}`,
      nome: 'Filtro G4',
      categoria: 'Filtros',
      localizacao: 'Almoxarifado',
      unidade: 'un',
      quantidade_inicial: qty,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ item: { id: number } }>().item.id;
  }

  it('a saída linked to the OS and its contract; stock never below zero; estorno', async () => {
    const d = await started();
    const itemId = await consumable(5);
    const res = await tech.post(`/api/tatico/os/${d.id}/materiais`, {
      item_id: itemId,
      quantidade: 3,
    });
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json<Detail>().materiais[0]!;
    const [mov] = await t.database.db
      .select()
      .from(inventoryMovements)
      .where(eq(inventoryMovements.id, m.movement_id!));
    expect(mov).toMatchObject({
      tipo: 'saida',
      quantidade: 3,
      saldoApos: 2,
      serviceOrderId: d.id,
      contractId: w.contractA,
    });
    const tooMuch = await tech.post(`/api/tatico/os/${d.id}/materiais`, {
      item_id: itemId,
      quantidade: 3,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json<{ error: string }>().error).toMatch(/Estoque insuficiente: disponível 2/);
    const mats = await t.database.db
      .select()
      .from(serviceOrderMaterials)
      .where(eq(serviceOrderMaterials.serviceOrderId, d.id));
    expect(mats).toHaveLength(1);
    const back = await tech.delete(`/api/tatico/os/${d.id}/materiais/${m.id}`);
    expect(back.statusCode).toBe(200);
    expect(back.json<Detail>().materiais).toHaveLength(0);
    const [stock] = await t.database.db
      .select()
      .from(inventoryItems)
      .where(eq(inventoryItems.id, itemId));
    expect(stock?.quantidade).toBe(5);
  });
});

describe('vehicle km through the fleet rules', () => {
  it('departure checks the vehicle out, return checks it in; lower km refused', async () => {
    const v = await w.coord.post('/api/tatico/frota/veiculos', {
      placa: `OSK${Math.floor(Math.random() * 9)}A${String(Math.floor(Math.random() * 90) + 10)}`,
      modelo: 'Strada',
      marca: 'Fiat',
      ano: 2022,
      odometro_km: 10_000,
    });
    expect(v.statusCode, v.body).toBe(201);
    const vehicleId = v.json<{ vehicle: { id: number } }>().vehicle.id;
    const os = await createOs(t, w, { vehicle_id: vehicleId });
    const low = await tech.post(`/api/tatico/os/${os.id}/km`, { tipo: 'saida', km: 9_000 });
    expect(low.statusCode, low.body).toBe(400);
    expect(low.json<{ error: string }>().error).toMatch(/odômetro/);
    const out = await tech.post(`/api/tatico/os/${os.id}/km`, { tipo: 'saida', km: 10_050 });
    expect(out.statusCode, out.body).toBe(200);
    const veh = (await w.coord.get(`/api/tatico/frota/veiculos/${vehicleId}`)).json<{
      vehicle: { status: string };
    }>();
    expect(veh.vehicle.status).toBe('em_uso');
    const back = await tech.post(`/api/tatico/os/${os.id}/km`, { tipo: 'retorno', km: 10_090 });
    expect(back.json<Detail>().km).toEqual({ saida: 10_050, retorno: 10_090, rodados: 40 });
    const after = (await w.coord.get(`/api/tatico/frota/veiculos/${vehicleId}`)).json<{
      vehicle: { status: string; odometro_km: number };
    }>();
    expect(after.vehicle).toMatchObject({ status: 'disponivel', odometro_km: 10_090 });
    const none = await createOs(t, w);
    expect(
      (await tech.post(`/api/tatico/os/${none.id}/km`, { tipo: 'saida', km: 1 })).statusCode,
    ).toBe(409);
    const ghost = await w.coord.post('/api/tatico/os', { ...osBody(w), vehicle_id: 999_999 });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json<{ error: string }>().error).toBe('Veículo não encontrado.');
  });
});

describe('team and hours', () => {
  it('adds and removes a helper; the last person stays; hours come from the steps', async () => {
    const d = await started();
    const add = await tech.post(`/api/tatico/os/${d.id}/equipe`, { user_id: w.s.coordenador.id });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json<Detail>().equipe).toHaveLength(2);
    const dup = await tech.post(`/api/tatico/os/${d.id}/equipe`, { user_id: w.s.coordenador.id });
    expect(dup.statusCode).toBe(409);
    const ti = await tech.post(`/api/tatico/os/${d.id}/equipe`, { user_id: w.s.ti.id });
    expect(ti.statusCode).toBe(400);
    const rm = await tech.delete(`/api/tatico/os/${d.id}/equipe/${w.s.coordenador.id}`);
    expect(
      rm.json<Detail>().equipe.find((e) => e.pessoa.id === w.s.coordenador.id)?.saiu_em,
    ).not.toBeNull();
    const last = await tech.delete(`/api/tatico/os/${d.id}/equipe/${w.s.equipe.id}`);
    expect(last.statusCode).toBe(409);
    // Two hours on site: move the check-in back in the stored history.
    await t.database.db.execute(
      sql`update service_order_events set em = em - interval '2 hours' where service_order_id = ${d.id} and tipo = 'check_in'`,
    );
    await t.database.db.execute(
      sql`update service_order_people set entrou_em = entrou_em - interval '3 hours' where service_order_id = ${d.id} and user_id = ${w.s.equipe.id}`,
    );
    const now = (await tech.get(`/api/tatico/os/${d.id}`)).json<Detail>();
    const mine = now.equipe.find((e) => e.pessoa.id === w.s.equipe.id)!;
    expect(mine.minutos).toBeGreaterThanOrEqual(119);
    expect(mine.minutos).toBeLessThanOrEqual(121);
  });
});

describe('conclusion, seal, report and verification', () => {
  it('required items block concluding, with the list of what is missing', async () => {
    const d = await started();
    const res = await conclude(d.id);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe(
      'Faltam itens obrigatórios do checklist: Filtro limpo; Temperatura de insuflamento; Foto do equipamento (mínimo 1 foto).',
    );
    const [o] = await t.database.db.select().from(serviceOrders).where(eq(serviceOrders.id, d.id));
    expect(o?.status).toBe('em_execucao');
  });

  it('refuses a signature without CPF, a wrong CPF and a tap instead of a signature', async () => {
    const d = await started();
    await fillRequired(d);
    const noCpf = await conclude(d.id, { cliente_cpf: null });
    expect(noCpf.statusCode).toBe(400);
    expect(noCpf.json<{ error: string }>().error).toBe('Informe o CPF de quem assina.');
    const wrong = await conclude(d.id, { cliente_cpf: '529.982.247-26' });
    expect(wrong.json<{ error: string }>().error).toBe('CPF inválido: confira os 11 dígitos.');
    const tap = await conclude(d.id, {
      assinatura_tracos: [
        [
          [10, 10],
          [12, 11],
        ],
      ],
    });
    expect(tap.statusCode).toBe(400);
    expect(tap.json<{ error: string }>().error).toMatch(/Assinatura muito curta/);
    const [o] = await t.database.db.select().from(serviceOrders).where(eq(serviceOrders.id, d.id));
    expect(o?.selo).toBeNull();
  });

  it('signing seals the OS: later writes are 409, addenda only by gerente/diretoria', async () => {
    const d = await started();
    await fillRequired(d);
    const res = await conclude(d.id, { observacoes: 'Equipamento operando normalmente.' });
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json<Detail>();
    expect(done.status).toBe('concluida');
    expect(done.selo?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const edit = await tech.put(`/api/tatico/os/${d.id}/checklist/${item(d, 'sim_nao')}`, {
      valor_sim_nao: 'nao',
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json<{ error: string }>().error).toMatch(/concluída e assinada/);
    expect((await upload(d.id, [png()])).statusCode).toBe(409);
    expect((await step(d.id, { acao: 'pausar' })).statusCode).toBe(409);
    expect((await w.coord.patch(`/api/tatico/os/${d.id}`, { local: 'Outro' })).statusCode).toBe(
      409,
    );
    const byCoord = await w.coord.post(`/api/tatico/os/${d.id}/adendos`, { texto: 'Correção' });
    expect(byCoord.statusCode).toBe(403);
    const gerente = client(t, w.s.gerente.cookie);
    const add = await gerente.post(`/api/tatico/os/${d.id}/adendos`, {
      texto: 'A temperatura foi medida no retorno do ar.',
    });
    expect(add.statusCode, add.body).toBe(201);
    // The addendum is outside the seal: the report is still authentic.
    const v = await t.app.inject({ method: 'GET', url: await verifyPath(d.id) });
    expect(v.json()).toMatchObject({ resultado: 'autentico', autentico: true });
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, w.s.coordenador.id), eq(notifications.type, 'os_concluded')),
      );
    expect(notes.some((n) => n.link === `/tatico/agenda/os/${d.id}`)).toBe(true);
  });

  it('changing one byte of stored content makes the verification say not authentic', async () => {
    const d = await started();
    await fillRequired(d);
    expect((await conclude(d.id)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update service_order_answers set valor_numero = 12.6 where service_order_id = ${d.id}`,
    );
    const v = await t.app.inject({ method: 'GET', url: await verifyPath(d.id) });
    expect(v.json()).toMatchObject({ resultado: 'alterado', autentico: false });
    expect(v.body).not.toContain('Marta');
    expect(v.body).not.toContain(CPF.replace(/\D/g, ''));
  });

  it('renaming the people, contract and service type of a sealed OS keeps it authentic', async () => {
    const d = await started();
    await fillRequired(d);
    expect((await conclude(d.id)).statusCode).toBe(200);
    const [o] = await t.database.db.select().from(serviceOrders).where(eq(serviceOrders.id, d.id));
    await t.database.db.execute(
      sql`update users set nome = nome || ' Renomeado' where id = ${w.s.equipe.id}`,
    );
    await t.database.db.execute(
      sql`update contracts set nome = nome || ' (novo nome)', codigo = codigo || 'X' where id = ${o!.contractId}`,
    );
    await t.database.db.execute(
      sql`update service_types set nome = nome || ' v2' where id = ${o!.serviceTypeId}`,
    );
    const v = await t.app.inject({ method: 'GET', url: await verifyPath(d.id) });
    expect(v.json()).toMatchObject({ resultado: 'autentico', autentico: true });
    // What the OS itself holds still counts: one changed answer is caught.
    await t.database.db.execute(
      sql`update service_order_answers set valor_numero = 12.6 where service_order_id = ${d.id}`,
    );
    const changed = await t.app.inject({
      method: 'GET',
      url: await verifyPath(d.id),
    });
    expect(changed.json()).toMatchObject({ resultado: 'alterado', autentico: false });
  });

  it('a seal made in the first format (with names) still verifies until its content changes', async () => {
    const d = await started();
    await fillRequired(d);
    expect((await conclude(d.id)).statusCode).toBe(200);
    const old = await firstFormatSealedContent(t.database.db, d.id);
    await t.database.db
      .update(serviceOrders)
      .set({ selo: hashContent(old) })
      .where(eq(serviceOrders.id, d.id));
    const url = await verifyPath(d.id);
    const v = await t.app.inject({ method: 'GET', url });
    expect(v.json()).toMatchObject({ resultado: 'autentico', autentico: true });
    await t.database.db.execute(
      sql`update service_order_answers set valor_numero = 12.6 where service_order_id = ${d.id}`,
    );
    const changed = await t.app.inject({ method: 'GET', url });
    expect(changed.json()).toMatchObject({ resultado: 'alterado', autentico: false });
  });

  it('a refusal with reason concludes and notifies os_refused', async () => {
    const d = await started();
    await fillRequired(d);
    const noReason = await conclude(d.id, { tipo: 'recusada', recusa_motivo: null });
    expect(noReason.statusCode).toBe(400);
    const res = await conclude(d.id, {
      tipo: 'recusada',
      recusa_motivo: 'Responsável ausente',
      cliente_cpf: null,
      assinatura: null,
      assinatura_tracos: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, w.s.coordenador.id), eq(notifications.type, 'os_refused')),
      );
    expect(notes.some((n) => n.customText?.includes('Responsável ausente'))).toBe(true);
  });

  it('the PDF report and the customer e-mail link', async () => {
    const d = await started({ cliente_email: 'cliente@shopping.test' });
    await fillRequired(d);
    expect((await conclude(d.id)).statusCode).toBe(200);
    const pdf = await tech.get(`/api/tatico/os/${d.id}/relatorio.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    const seal = (await tech.get(`/api/tatico/os/${d.id}`)).json<OsDetail>().selo!;
    for (const expected of [
      `Relatório de Ordem de Serviço ${d.codigo}`,
      'Temperatura de insuflamento',
      '12,5 °C',
      'Marta Souza',
      '529.982.247-25',
      seal.sha256,
      `/os/verificar/${seal.verificacao_codigo}`,
    ]) {
      // The seal's lines wrap beside the QR: compare across line ends.
      expect(text.replace(/\n/g, ''), expected).toContain(expected);
    }
    const sent = await w.coord.post(`/api/tatico/os/${d.id}/enviar-relatorio`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ enviado_para: 'cliente@shopping.test' });
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe('cliente@shopping.test');
    expect(mail.body).toContain(`/os/verificar/${seal.verificacao_codigo}`);
    const path = new URL(mail.link!).pathname;
    const pub = await t.app.inject({ method: 'GET', url: path });
    expect(pub.statusCode).toBe(200);
    expect(pub.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const badToken = await t.app.inject({
      method: 'GET',
      url: '/api/public/os/relatorio/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    });
    expect(badToken.statusCode).toBe(404);
  });
});

describe('the PDF report as a customer reads it', () => {
  it('puts "Antes" photos before "Depois" and shows no required-item "*" marks', async () => {
    const d = await started();
    await fillRequired(d); // its checklist photo is tagged "depois"
    expect((await upload(d.id, [png(7)], [{ tag: 'antes' }])).statusCode).toBe(201);
    expect((await conclude(d.id)).statusCode).toBe(200);
    const text = pdfText((await tech.get(`/api/tatico/os/${d.id}/relatorio.pdf`)).rawPayload);
    expect(text).toContain('Antes');
    expect(text.indexOf('Antes')).toBeLessThan(text.indexOf('Depois'));
    expect(text).toContain('Temperatura de insuflamento: ');
    expect(text).not.toMatch(/ \*: /);
  });

  it('never leaves the "Cliente" heading alone at the foot of a page', async () => {
    const d = await started();
    await fillRequired(d);
    expect((await conclude(d.id)).statusCode).toBe(200);
    const os = (await tech.get(`/api/tatico/os/${d.id}`)).json<OsDetail>();
    // Longer and longer observations move the customer block down through the page foot.
    for (let lines = 0; lines <= 45; lines += 3) {
      const pdf = await renderOsReportPdf({
        os: {
          ...os,
          observacoes: Array.from({ length: lines }, (_, i) => `Observação ${i + 1}.`).join('\n'),
        },
        empresa: null,
        photos: new Map(),
        signature: demoSignaturePng('Marta Souza'),
        authentic: true,
        verifyUrl: `http://localhost/os/verificar/${os.codigo}`,
        timeZone: 'America/Sao_Paulo',
      });
      const pages = pdfPages(pdf);
      const page = pages.find((p) => p.includes('CLIENTE'));
      expect(page, `${lines} linhas`).toBeDefined();
      expect(page!.join('\n'), `${lines} linhas`).toContain('Marta Souza — CPF');
    }
  });
});

describe('the "Autenticidade" block of the PDF report', () => {
  /** The lines of a page other than its footer ("OS-… — página N de M"). */
  const body = (page: string[]) => page.filter((l) => !/ — página \d+ de \d+$/.test(l));
  const AUTH_LINES = /^(AUTENTICIDADE|SHA-256 do conteúdo selado: |Selada em |ATENÇÃO: o conteúdo)/;

  it('never sits alone on a page, whatever precedes it', async () => {
    const d = await started();
    await fillRequired(d);
    expect((await conclude(d.id)).statusCode).toBe(200);
    const os = (await tech.get(`/api/tatico/os/${d.id}`)).json<OsDetail>();
    const addendum = (i: number) => ({
      id: i,
      texto: `Adendo ${i}: correção registrada depois do selo.`,
      autor: null,
      created_at: os.selo!.selada_em,
    });
    // Longer and longer observations move the seal block down through the page foot, with and
    // without a rating, a comment and addenda after the customer block.
    for (const variant of ['plain', 'rated', 'addenda'] as const) {
      for (let lines = 0; lines <= 90; lines += 1) {
        const pdf = await renderOsReportPdf({
          os: {
            ...os,
            observacoes: Array.from({ length: lines }, (_, i) => `Observação ${i + 1}.`).join('\n'),
            assinatura:
              variant === 'rated'
                ? { ...os.assinatura!, avaliacao: 5, comentario: 'Equipe pontual e cuidadosa.' }
                : os.assinatura,
            adendos: variant === 'addenda' ? [addendum(1), addendum(2)] : [],
          },
          empresa: null,
          photos: new Map(),
          signature: demoSignaturePng('Marta Souza'),
          authentic: lines % 2 === 0,
          verifyUrl: `http://localhost/os/verificar/${os.codigo}`,
          timeZone: 'America/Sao_Paulo',
        });
        const pages = pdfPages(pdf).map(body);
        const page = pages.find((p) => p.includes('AUTENTICIDADE'));
        const at = `${variant}, ${lines} linhas`;
        expect(page, at).toBeDefined();
        expect(page!.filter((l) => !AUTH_LINES.test(l)).length, at).toBeGreaterThan(0);
        // …and the block itself is not split over two pages.
        expect(
          page!.some((l) => l.startsWith('Selada em ')),
          at,
        ).toBe(true);
        expect(pages.at(-1), at).toBe(page);
      }
    }
  });
});

describe('export', () => {
  it('exports the filtered list as XLSX', async () => {
    await createOs(t, w);
    const res = await w.coord.get(`/api/tatico/os/exportar?format=xlsx&contract_id=${w.contractA}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
