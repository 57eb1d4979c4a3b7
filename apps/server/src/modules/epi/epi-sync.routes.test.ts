import { addDaysTo, todayIn } from '@eproto/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epiDeliveries, epiItems, requests } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { cursorParam, HOSTILE_CURSORS } from '../../../test/hostile-cursors.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

// GET /api/tatico/epi/minhas-entregas?updated_since= : the phone's cheap sync of its EPIs.
let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let coord: ReturnType<typeof client>;
let equipe: ReturnType<typeof client>;
const today = todayIn('America/Sao_Paulo');

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
  coord = client(t, s.coordenador.cookie);
  equipe = client(t, s.equipe.cookie);
});
afterAll(async () => t.close());

async function delivered(nome: string) {
  const item = await coord.post('/api/tatico/epi/itens', {
    nome,
    ca_numero: '20304',
    ca_validade: addDaysTo(today, 365),
    tamanho: 'M',
    vida_util_dias: 180,
    estoque_inicial: 5,
  });
  expect(item.statusCode, item.body).toBe(201);
  const res = await coord.post('/api/tatico/epi/entregas', {
    colaborador_id: s.equipe.id,
    item_id: item.json<{ id: number }>().id,
    data: today,
    quantidade: 1,
    motivo: 'admissao',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json<{ id: number }>().id, itemId: item.json<{ id: number }>().id };
}

interface Synced {
  items: { id: number; status: string; substituicao_solicitada: boolean }[];
  cursor: string;
  ids?: number[];
}
const mine = (since?: string) =>
  equipe.get(
    `/api/tatico/epi/minhas-entregas${since ? `?updated_since=${encodeURIComponent(since)}` : ''}`,
  );

describe('updated_since on minhas-entregas', () => {
  it('answers only deliveries changed after the cursor (row or replacement request), with the ids', async () => {
    const old = await delivered('Óculos de proteção');
    const confirmed = await delivered('Protetor auricular');
    const replaced = await delivered('Botina de segurança');
    // All three last changed an hour ago; the phone synced a minute ago.
    const hourAgo = new Date(Date.now() - 3_600_000);
    const ids = [old.id, confirmed.id, replaced.id];
    await t.database.db
      .update(epiDeliveries)
      .set({ updatedAt: hourAgo })
      .where(inArray(epiDeliveries.id, ids));
    await t.database.db
      .update(epiItems)
      .set({ updatedAt: hourAgo })
      .where(inArray(epiItems.id, [old.itemId, confirmed.itemId, replaced.itemId]));
    // The replacement needs a confirmed delivery; its request is what changes later.
    expect(
      (await equipe.post(`/api/tatico/epi/entregas/${replaced.id}/confirmar`, {})).statusCode,
    ).toBe(200);
    await t.database.db
      .update(epiDeliveries)
      .set({ updatedAt: hourAgo })
      .where(inArray(epiDeliveries.id, [replaced.id]));
    const since = new Date(Date.now() - 60_000).toISOString();

    const full = (await mine()).json<Synced>();
    expect(full.ids).toBeUndefined();
    expect(full.items.map((d) => d.id).sort()).toEqual([...ids].sort());
    expect((await mine(since)).json<Synced>()).toMatchObject({ items: [], ids });

    expect(
      (await equipe.post(`/api/tatico/epi/entregas/${confirmed.id}/confirmar`, {})).statusCode,
    ).toBe(200);
    const asked = await equipe.post(`/api/tatico/epi/entregas/${replaced.id}/substituicao`, {
      motivo: 'desgaste',
    });
    expect(asked.statusCode, asked.body).toBe(201);

    const delta = (await mine(since)).json<Synced>();
    expect(delta.items.map((d) => [d.id, d.status, d.substituicao_solicitada]).sort()).toEqual(
      [
        [confirmed.id, 'confirmada', false],
        [replaced.id, 'confirmada', true],
      ].sort(),
    );
    expect(delta.ids).toEqual(ids);
    expect(Date.parse(delta.cursor)).toBeGreaterThan(Date.parse(since));
  });

  it('a cursor from an earlier day answers the whole list (the replacement warning moves by date)', async () => {
    const body = (await mine(new Date(Date.now() - 2 * 86_400_000).toISOString())).json<Synced>();
    expect(body.ids).toBeUndefined();
    expect(body.items.length).toBeGreaterThan(0);
  });

  it.each(HOSTILE_CURSORS)('refuses updated_since=%j with 400 in Portuguese', async (value) => {
    const res = await mine(value);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/updated_since|caractere inválido/);
  });
});

interface Sheet {
  colaborador: { id: number };
  entregas: { id: number; status: string }[];
  cursor: string;
  ids?: number[];
}

describe('updated_since on the ficha (GET /tatico/epi/fichas/:userId)', () => {
  const ficha = (as: ReturnType<typeof client>, query = '') =>
    as.get(`/api/tatico/epi/fichas/${s.equipe.id}${query}`);

  it('answers only deliveries changed after the cursor, and ids without the deleted ones', async () => {
    const old = await delivered('Luva isolante');
    const changed = await delivered('Capacete classe B');
    const gone = await delivered('Cinto paraquedista');
    const hourAgo = new Date(Date.now() - 3_600_000);
    const mineIds = [old.id, changed.id, gone.id];
    // Every EPI row of the person (earlier tests' too) and request last changed an hour ago.
    await t.database.db.update(epiItems).set({ updatedAt: hourAgo });
    await t.database.db.update(requests).set({ updatedAt: hourAgo });
    await t.database.db
      .update(epiDeliveries)
      .set({ updatedAt: hourAgo })
      .where(eq(epiDeliveries.colaboradorId, s.equipe.id));
    const cursor = new Date(Date.now() - 60_000).toISOString();

    const full = (await ficha(equipe)).json<Sheet>();
    expect(full.ids).toBeUndefined();
    expect(full.entregas.map((e) => e.id)).toEqual(expect.arrayContaining(mineIds));
    expect(Date.parse(full.cursor)).toBeLessThan(Date.now());

    expect(
      (await equipe.post(`/api/tatico/epi/entregas/${changed.id}/confirmar`, {})).statusCode,
    ).toBe(200);
    await t.database.db.delete(epiDeliveries).where(eq(epiDeliveries.id, gone.id));

    // The technician's own ficha and a manager's view of it sync the same way.
    for (const as of [equipe, coord]) {
      const delta = (await ficha(as, `?${cursorParam(cursor)}`)).json<Sheet>();
      expect(delta.colaborador.id).toBe(s.equipe.id);
      expect(delta.entregas.map((e) => [e.id, e.status])).toEqual([[changed.id, 'confirmada']]);
      expect(delta.ids).toContain(old.id);
      expect(delta.ids).toContain(changed.id);
      expect(delta.ids).not.toContain(gone.id);
    }
  });

  it.each(HOSTILE_CURSORS)('refuses updated_since=%j with 400 in Portuguese', async (value) => {
    const res = await ficha(equipe, `?${cursorParam(value)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/updated_since|caractere inválido/);
  });
});
