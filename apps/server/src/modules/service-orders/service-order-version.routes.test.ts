import { RT_EVENTS, type OsDetail } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceOrders } from '../../db/schema/index.ts';
import type { AppEvent } from '../../lib/events.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { client, drawnSignature } from '../tatico/test-kit.ts';
import { createOs, osWorld, png, uploadPhotos, type OsWorld } from './os-test-kit.ts';

// Issue 37 for the OS page: 'service-order.changed' carries the OS's version (its updated_at
// after the write), and a tab whose page already shows it asks nothing. That holds only if every
// write of an OS, or of anything hanging from it, moves updated_at in its own transaction: here
// each one is made on the bus, and its event's version must be the OS's updated_at afterwards,
// newer than before, and the one GET /tatico/os/{id} answers.

let t: TestApp;
let w: OsWorld;
let tech: ReturnType<typeof client>;
let gerente: ReturnType<typeof client>;
let typeId: number;
let itemId: number;
let assetId: number;
const SITE = { latitude: -23.5, longitude: -46.6 };

beforeAll(async () => {
  t = await createTestApp({}, { mailer: 'outbox' });
  w = await osWorld(t);
  tech = client(t, w.s.equipe.cookie);
  gerente = client(t, w.s.gerente.cookie);
  const tipo = await w.coord.post('/api/tatico/os/tipos', {
    nome: 'Inspeção de vazamento',
    itens: [{ titulo: 'Vazamento encontrado', tipo: 'sim_nao' }],
  });
  expect(tipo.statusCode, tipo.body).toBe(201);
  typeId = tipo.json<{ id: number }>().id;
  itemId = tipo.json<{ itens: { id: number }[] }>().itens[0]!.id;
  const types = (await w.coord.get('/api/tatico/ativos/tipos')).json<{
    items: { id: number; nome: string }[];
  }>().items;
  const asset = await w.coord.post('/api/tatico/ativos', {
    contract_id: w.contractA,
    type_id: types.find((x) => x.nome === 'Gerador')!.id,
    tag: 'GMG-01',
    predio: 'Central de utilidades',
    dados: { potencia_kva: 450 },
  });
  expect(asset.statusCode, asset.body).toBe(201);
  assetId = asset.json<{ asset: { id: number } }>().asset.id;
});
afterAll(async () => t.close());

const updatedAt = async (id: number) => {
  const [row] = await t.database.db
    .select({ at: serviceOrders.updatedAt })
    .from(serviceOrders)
    .where(eq(serviceOrders.id, id));
  return row!.at.toISOString();
};

type Answer = { statusCode: number; body: string };

/**
 * Makes one write of OS `id` on the bus: it must answer `status` and publish exactly one
 * 'service-order.changed' of the OS whose version is the OS's updated_at after it (newer than
 * before), as its page reads it.
 */
async function versionMoves(id: number, label: string, write: () => Promise<Answer>, status = 200) {
  const before = await updatedAt(id);
  const seen: AppEvent[] = [];
  const off = t.events.subscribe((e) => {
    if (e.type === RT_EVENTS.serviceOrderChanged && e.id === id) seen.push(e);
  });
  const res = await write();
  off();
  expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
  const after = await updatedAt(id);
  expect(Date.parse(after), label).toBeGreaterThan(Date.parse(before));
  expect(
    seen.map((e) => e.version),
    label,
  ).toEqual([after]);
  const page = (await w.coord.get(`/api/tatico/os/${id}`)).json<OsDetail>();
  expect(page.updated_at, label).toBe(after);
  return seen[0]!;
}

describe('every write of an OS moves its version, and its event says which', () => {
  it('planning, steps, checklist, team, photos, materials, km, assets, conclusion, report, addendum', async () => {
    const created: AppEvent[] = [];
    const off = t.events.subscribe((e) => {
      if (e.type === RT_EVENTS.serviceOrderChanged) created.push(e);
    });
    const os = await createOs(t, w, {
      service_type_id: typeId,
      cliente_email: 'cliente@shopping.test',
      ativos: [assetId],
    });
    off();
    expect(created.map((e) => [e.id, e.version])).toEqual([[os.id, await updatedAt(os.id)]]);
    expect(created[0]!.data).toMatchObject({ id: os.id, status: 'aberta' });
    const entry = created[0]!.data!.agenda_entry_id;
    expect(entry).toEqual(expect.any(Number));

    const edited = await versionMoves(os.id, 'patch', () =>
      w.coord.patch(`/api/tatico/os/${os.id}`, { local: 'Shopping Norte, cobertura' }),
    );
    expect(edited.data).toEqual({ id: os.id, status: 'aberta', agenda_entry_id: entry });
    await versionMoves(os.id, 'a caminho', () =>
      tech.post(`/api/tatico/os/${os.id}/etapas`, { acao: 'a_caminho' }),
    );
    const checkIn = await versionMoves(os.id, 'check-in', () =>
      tech.post(`/api/tatico/os/${os.id}/etapas`, { acao: 'check_in', ...SITE }),
    );
    expect(checkIn.data).toMatchObject({ status: 'em_execucao' });
    await versionMoves(os.id, 'checklist answer', () =>
      tech.put(`/api/tatico/os/${os.id}/checklist/${itemId}`, { valor_sim_nao: 'nao' }),
    );
    await versionMoves(os.id, 'checklist cleared', () =>
      tech.put(`/api/tatico/os/${os.id}/checklist/${itemId}`, { valor_sim_nao: null }),
    );
    await versionMoves(os.id, 'helper added', () =>
      tech.post(`/api/tatico/os/${os.id}/equipe`, { user_id: w.s.coordenador.id }),
    );
    await versionMoves(os.id, 'helper removed', () =>
      tech.delete(`/api/tatico/os/${os.id}/equipe/${w.s.coordenador.id}`),
    );

    let photoId = 0;
    await versionMoves(
      os.id,
      'photo uploaded',
      async () => {
        const res = await uploadPhotos(t, w.s.equipe.cookie, os.id, [png(3)], [{ tag: 'antes' }]);
        photoId = res.json<{ items: { id: number }[] }>().items[0]?.id ?? 0;
        return res;
      },
      201,
    );
    await versionMoves(os.id, 'photo edited', () =>
      tech.patch(`/api/tatico/os/${os.id}/fotos/${photoId}`, { tag: 'depois', legenda: 'Casa' }),
    );
    await versionMoves(
      os.id,
      'photo removed',
      () => tech.delete(`/api/tatico/os/${os.id}/fotos/${photoId}`),
      204,
    );

    const made = await w.coord.post('/api/tatico/inventario/itens', {
      natureza: 'consumivel',
      codigo: 'FIL-VERSAO',
      nome: 'Filtro G4',
      categoria: 'Filtros',
      localizacao: 'Almoxarifado',
      unidade: 'un',
      quantidade_inicial: 5,
    });
    expect(made.statusCode, made.body).toBe(201);
    let materialId = 0;
    await versionMoves(
      os.id,
      'material added',
      async () => {
        const res = await tech.post(`/api/tatico/os/${os.id}/materiais`, {
          item_id: made.json<{ item: { id: number } }>().item.id,
          quantidade: 2,
        });
        materialId = res.json<OsDetail>().materiais[0]?.id ?? 0;
        return res;
      },
      201,
    );
    await versionMoves(os.id, 'material returned', () =>
      tech.delete(`/api/tatico/os/${os.id}/materiais/${materialId}`),
    );

    await versionMoves(os.id, "asset's answer", () =>
      tech.put(`/api/tatico/os/${os.id}/ativos/${assetId}/checklist/${itemId}`, {
        valor_sim_nao: 'sim',
      }),
    );
    await versionMoves(os.id, "asset's hour meter", () =>
      tech.put(`/api/tatico/os/${os.id}/ativos/${assetId}/horimetro`, { horas: 120 }),
    );
    await versionMoves(os.id, 'assets replaced', () =>
      w.coord.put(`/api/tatico/os/${os.id}/ativos`, { ativos: [] }),
    );

    const done = await versionMoves(os.id, 'concluded (signed, report e-mailed)', () =>
      tech.post(`/api/tatico/os/${os.id}/concluir`, {
        tipo: 'assinada',
        cliente_nome: 'Marta Souza',
        cliente_cpf: '529.982.247-25',
        ...drawnSignature(),
      }),
    );
    expect(done.data).toMatchObject({ status: 'concluida' });
    await versionMoves(os.id, 'report sent again', () =>
      tech.post(`/api/tatico/os/${os.id}/enviar-relatorio`, {}),
    );
    await versionMoves(os.id, 'report link revoked', () =>
      w.coord.post(`/api/tatico/os/${os.id}/relatorio-link/revogar`, {}),
    );
    await versionMoves(
      os.id,
      'addendum',
      () => gerente.post(`/api/tatico/os/${os.id}/adendos`, { texto: 'Medido no retorno.' }),
      201,
    );
  });

  it("a message of the OS's thread names its part and carries no version: the OS did not change", async () => {
    const os = await createOs(t, w);
    const before = await updatedAt(os.id);
    const seen: AppEvent[] = [];
    const off = t.events.subscribe((e) => {
      if (e.type === RT_EVENTS.serviceOrderChanged && e.id === os.id) seen.push(e);
    });
    const res = await tech.post(`/api/tatico/os/${os.id}/messages`, { texto: 'Chego às 9h.' });
    off();
    expect(res.statusCode, res.body).toBe(201);
    expect(seen.map((e) => [e.version, e.data?.part])).toEqual([[undefined, 'messages']]);
    expect(await updatedAt(os.id)).toBe(before);
  });
});
