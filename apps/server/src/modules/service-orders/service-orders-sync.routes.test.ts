import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceOrderPeople, serviceOrders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { cursorParam, HOSTILE_CURSORS } from '../../../test/hostile-cursors.ts';
import { client } from '../tatico/test-kit.ts';
import { at, createOs, osWorld, type OsWorld } from './os-test-kit.ts';

// GET /api/tatico/os?updated_since= : the technician's OS list synced by cursor — only the
// page's OSs changed since, and `ids` (the page in order) so the phone drops the ones gone.

let t: TestApp;
let w: OsWorld;
let equipe: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp();
  w = await osWorld(t);
  equipe = client(t, w.s.equipe.cookie);
});
afterAll(async () => t.close());

interface Page {
  items: { id: number; local: string; status: string; atrasada: boolean }[];
  total: number;
  cursor: string;
  ids?: number[];
}
const list = (query: string) => equipe.get(`/api/tatico/os?${query}`);

describe('updated_since on the OS list', () => {
  it('answers the page’s OSs changed after the cursor, with ids; one leaving the filter is reported', async () => {
    const a = await createOs(t, w, { previsto_inicio: at(8, 3), previsto_fim: at(10, 3) });
    const b = await createOs(t, w, { previsto_inicio: at(8, 2), previsto_fim: at(10, 2) });
    const c = await createOs(t, w, { previsto_inicio: at(8, 1), previsto_fim: at(10, 1) });
    const late = await createOs(t, w, { previsto_inicio: at(0, -1), previsto_fim: at(10, 1) });
    const hourAgo = new Date(Date.now() - 3_600_000);
    const all = [a.id, b.id, c.id, late.id];
    await t.database.db
      .update(serviceOrders)
      .set({ updatedAt: hourAgo })
      .where(inArray(serviceOrders.id, all));
    await t.database.db
      .update(serviceOrderPeople)
      .set({ entrouEm: hourAgo })
      .where(inArray(serviceOrderPeople.serviceOrderId, all));
    const cursor = new Date(Date.now() - 60_000).toISOString();
    const filter = `status=${a.status}&perPage=10`;

    const full = (await list(filter)).json<Page>();
    expect(full.ids).toBeUndefined();
    expect(full.items.map((o) => o.id)).toEqual(expect.arrayContaining(all));
    const quiet = (await list(`${filter}&${cursorParam(cursor)}`)).json<Page>();
    expect(quiet.items).toEqual([]);
    expect(quiet.ids).toEqual(full.items.map((o) => o.id));
    expect(quiet.total).toBe(full.total);

    // b is edited; c is cancelled (leaves the "open" filter); late's planned end passes now.
    const edited = await w.coord.patch(`/api/tatico/os/${b.id}`, { local: 'Portão 2, subsolo' });
    expect(edited.statusCode, edited.body).toBe(200);
    const cancelled = await w.coord.post(`/api/tatico/os/${c.id}/etapas`, {
      acao: 'cancelar',
      motivo: 'Cliente remarcou',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.database.db
      .update(serviceOrders)
      .set({ previstoFim: new Date(Date.now() - 5_000), updatedAt: hourAgo })
      .where(inArray(serviceOrders.id, [late.id]));

    const delta = (await list(`${filter}&${cursorParam(cursor)}`)).json<Page>();
    expect(delta.items.map((o) => [o.id, o.local, o.atrasada]).sort()).toEqual(
      [
        [b.id, 'Portão 2, subsolo', false],
        [late.id, expect.any(String), true],
      ].sort(),
    );
    expect(delta.ids).toEqual(full.items.map((o) => o.id).filter((id) => id !== c.id));
    expect(Date.parse(delta.cursor)).toBeGreaterThan(Date.parse(cursor));
  });

  it.each(HOSTILE_CURSORS)('refuses updated_since=%j with 400 in Portuguese', async (value) => {
    const res = await list(cursorParam(value));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/updated_since|caractere inválido/);
  });
});
