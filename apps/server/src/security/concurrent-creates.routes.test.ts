import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens } from '../db/schema/index.ts';
import { tokenHash } from '../lib/crypto.ts';
import { createTestApp, spa, type TestApp } from '../../test/helpers.ts';
import { client, sessionsByRole } from '../modules/tatico/test-kit.ts';

// Identical creates sent at the same moment: the service's "already exists?" check passes for
// all of them, so only the database's unique index can keep one. Exactly one is created; the
// others answer 409 in Portuguese (never 500), and one row is left.
let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
});
afterAll(async () => t.close());

async function race(url: string, bodies: unknown[], cookie: string) {
  const c = client(t, cookie);
  const results = await Promise.all(bodies.map((b) => c.post(url, b)));
  const statuses = results.map((r) => r.statusCode).sort();
  const conflicts = results.filter((r) => r.statusCode === 409).map((r) => r.json().error);
  return { statuses, conflicts };
}

async function count(table: string, where: string): Promise<number> {
  const res = await t.database.pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM ${table} WHERE ${where}`,
  );
  return Number(res.rows[0]!.n);
}

const vehicle = (placa: string) => ({
  placa,
  modelo: 'Strada',
  marca: 'Fiat',
  ano: 2022,
  odometro_km: 1000,
});

describe('ten identical creates at the same moment', () => {
  it('vehicles: one plate, in its old and Mercosul forms, is one vehicle', async () => {
    const bodies = Array.from({ length: 10 }, (_, i) =>
      vehicle(i % 2 === 0 ? 'WCN-8234' : 'WCN8C34'),
    );
    const { statuses, conflicts } = await race(
      '/api/tatico/frota/veiculos',
      bodies,
      s.coordenador.cookie,
    );
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const error of conflicts) expect(error).toMatch(/^(Já existe um veículo|A placa WCN)/);
    expect(await count('vehicles', `placa IN ('WCN8234', 'WCN8C34')`)).toBe(1);
  });

  it('vehicles: a plate changed to one taken at the same moment answers 409', async () => {
    const c = client(t, s.coordenador.cookie);
    const ids: number[] = [];
    for (const p of ['RTA1A11', 'RTA1A12', 'RTA1A13', 'RTA1A14']) {
      ids.push((await c.post('/api/tatico/frota/veiculos', vehicle(p))).json().vehicle.id);
    }
    const results = await Promise.all(
      ids.map((id) => c.patch(`/api/tatico/frota/veiculos/${id}`, { placa: 'RTB-2345' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await count('vehicles', `placa IN ('RTB2345', 'RTB2D45')`)).toBe(1);
  });

  it('inventory items: one patrimony code', async () => {
    const body = {
      natureza: 'patrimonio',
      codigo: 'PAT-CORRIDA',
      nome: 'Gerador',
      categoria: 'Ferramentas',
      localizacao: 'Almoxarifado',
      estado: 'bom',
    };
    const { statuses, conflicts } = await race(
      '/api/tatico/inventario/itens',
      Array<unknown>(10).fill(body),
      s.coordenador.cookie,
    );
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
    expect(new Set(conflicts)).toEqual(new Set(['Já existe um item com o código PAT-CORRIDA.']));
    expect(await count('inventory_items', `codigo = 'PAT-CORRIDA'`)).toBe(1);
  });

  it('contracts: one code, whatever its case', async () => {
    const bodies = Array.from({ length: 10 }, (_, i) => ({
      codigo: i % 2 ? 'CORR-2026' : 'corr-2026',
      nome: 'Contrato disputado',
      cliente: 'Cliente',
    }));
    const { statuses, conflicts } = await race('/api/eproto/contracts', bodies, s.ti.cookie);
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
    expect(new Set(conflicts)).toEqual(new Set(['Já existe um contrato com este código.']));
    expect(await count('contracts', `lower(codigo) = 'corr-2026'`)).toBe(1);
  });
});

describe('two invitations of one e-mail accepted at the same moment', () => {
  it('creates one account; the other answers 409', async () => {
    const email = 'corrida.convite@teste.com';
    const tokens = ['convite-corrida-aaaaaaaa', 'convite-corrida-bbbbbbbb'];
    for (const token of tokens) {
      await t.database.db.insert(authTokens).values({
        kind: 'invite',
        tokenHash: tokenHash(token),
        email,
        role: 'Equipe',
        expiresAt: new Date(Date.now() + 86_400_000),
      });
    }
    const results = await Promise.all(
      tokens.map((token) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/accept-invite',
          headers: spa,
          payload: { token, nome: 'Pessoa Convidada', password: 'Quasar-ladrilho-verde-88' },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error).toBe(
      'Já existe uma conta com este e-mail. Faça login.',
    );
    expect(await count('users', `email = '${email}'`)).toBe(1);
  });
});

describe('the unique index of plates', () => {
  it('refuses an old plate and its Mercosul form even written directly', async () => {
    await t.database.db.execute(
      sql`INSERT INTO vehicles (placa, modelo, marca, ano) VALUES ('QWE1234', 'Uno', 'Fiat', 2020)`,
    );
    await expect(
      t.database.db.execute(
        sql`INSERT INTO vehicles (placa, modelo, marca, ano) VALUES ('QWE1C34', 'Uno', 'Fiat', 2020)`,
      ),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
  });
});
