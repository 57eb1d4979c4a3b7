import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/crypto.ts';
import { seedDemoUsers } from '../../seed/demo-users.ts';
import { createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { seedFleet } from '../fleet/fleet.seed.ts';
import { seedInventory } from '../inventory/inventory.seed.ts';
import { client } from './test-kit.ts';

let t: TestApp;
let coord: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp();
  const hash = await hashPassword('eproto123');
  await t.database.db.transaction(async (tx) => {
    const people = await seedDemoUsers(tx, hash);
    const ctx = { tx, people, shared: {} };
    for (const seeder of [seedFleet, seedInventory]) await seeder(ctx);
  });
  coord = client(t, await login(t, 'coordenador@eproto.test', 'eproto123'));
});
afterAll(async () => t.close());

describe('demo data of the tactical areas', () => {
  it('has a fleet of 8 with documents due, one in maintenance and one in use', async () => {
    const { items } = (await coord.get('/api/tatico/frota/veiculos')).json();
    expect(items).toHaveLength(8);
    expect(items.filter((v: { status: string }) => v.status === 'manutencao')).toHaveLength(1);
    expect(items.filter((v: { status: string }) => v.status === 'em_uso')).toHaveLength(1);
    const alerts = (await coord.get('/api/tatico/frota/alertas')).json().items;
    expect(alerts.some((a: { kind: string }) => a.kind === 'documento_veiculo')).toBe(true);
    expect(alerts.some((a: { kind: string }) => a.kind === 'manutencao')).toBe(true);
  });

  it('has an inventory with one item under its minimum and a movement history', async () => {
    const below = (await coord.get('/api/tatico/inventario/itens?abaixo_minimo=true')).json().items;
    expect(below.map((i: { codigo: string }) => i.codigo)).toEqual(['CON-0102']);
    const moves = (await coord.get('/api/tatico/inventario/movimentacoes')).json().items;
    expect(moves.length).toBeGreaterThan(10);
  });
});
