import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '@eproto/domain';
import { serviceOrders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createOs, osWorld, type OsWorld } from '../service-orders/os-test-kit.ts';
import { client } from '../tatico/test-kit.ts';

let t: TestApp;
let w: OsWorld;
let mine: { id: number; codigo: string };
let theirs: { id: number; codigo: string };

async function found(cookie: string, q: string) {
  const res = await client(t, cookie).get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  const r = res.json<SearchResponse>();
  return r.groups.find((g) => g.area === 'ordens_servico')?.items ?? [];
}

beforeAll(async () => {
  t = await createTestApp();
  w = await osWorld(t);
  mine = await createOs(t, w, { local: 'Shopping Norte, casa de máquinas' });
  theirs = await createOs(t, w, {
    local: 'Torre Sul, subestação',
    pessoas: [w.s.coordenador.id],
  });
});

afterAll(async () => {
  await t.close();
});

describe('service orders in the global search', () => {
  it('equipe finds the OS they are on, by place without accents or by code, and no other', async () => {
    const byPlace = await found(w.s.equipe.cookie, 'casa de maquinas');
    expect(byPlace.map((i) => i.id)).toEqual([mine.id]);
    expect(byPlace[0]!.title).toBe(`OS ${mine.codigo} — Manutenção preventiva de ar-condicionado`);
    expect(byPlace[0]!.link).toBe(`/tatico/agenda/os/${mine.id}`);
    expect((await found(w.s.equipe.cookie, mine.codigo)).map((i) => i.id)).toEqual([mine.id]);
    expect(await found(w.s.equipe.cookie, 'subestacao')).toEqual([]);
    expect(await found(w.s.equipe.cookie, theirs.codigo)).toEqual([]);
  });

  it('gestores find the OSs of their contracts; roles without the agenda get no group', async () => {
    expect((await found(w.s.gerente.cookie, 'subestacao')).map((i) => i.id)).toEqual([theirs.id]);
    expect((await found(w.s.diretoria.cookie, 'subestacao')).map((i) => i.id)).toEqual([theirs.id]);
    expect(await found(w.s.ti.cookie, 'subestacao')).toEqual([]);
    expect(await found(w.s.financeiro.cookie, 'subestacao')).toEqual([]);
  });

  it('the stored search text follows an edit of the OS: the new place is found, the old one not', async () => {
    const res = await w.coord.patch(`/api/tatico/os/${mine.id}`, {
      local: 'Galpão Leste, doca 3',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db
      .select({ searchText: serviceOrders.searchText })
      .from(serviceOrders)
      .where(eq(serviceOrders.id, mine.id));
    expect(row!.searchText).toMatch(
      new RegExp(`^${mine.codigo.toLowerCase()} galpao leste, doca 3 `),
    );
    expect(row!.searchText).not.toContain('maquinas');
    expect((await found(w.s.equipe.cookie, 'galpao leste')).map((i) => i.id)).toEqual([mine.id]);
    expect(await found(w.s.equipe.cookie, 'casa de maquinas')).toEqual([]);
  });
});
