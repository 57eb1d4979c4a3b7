import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/crypto.ts';
import { seedDemoUsers } from '../../seed/demo-users.ts';
import { createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { seedFleet } from '../fleet/fleet.seed.ts';
import { seedInventory } from '../inventory/inventory.seed.ts';
import { backfillDemoSignatures } from '../epi/epi.demo-signatures.ts';
import { seedEpi } from '../epi/epi.seed.ts';
import { seedRequests } from '../requests/requests.seed.ts';
import { localStorage } from '../../lib/storage.ts';
import path from 'node:path';
import { client } from './test-kit.ts';

let t: TestApp;
let coord: ReturnType<typeof client>;
let equipe: ReturnType<typeof client>;
let signed = 0;

beforeAll(async () => {
  t = await createTestApp();
  const hash = await hashPassword('eproto123');
  await t.database.db.transaction(async (tx) => {
    const people = await seedDemoUsers(tx, hash);
    const ctx = { tx, people, shared: {} };
    for (const seeder of [seedFleet, seedInventory, seedEpi, seedRequests]) await seeder(ctx);
  });
  coord = client(t, await login(t, 'coordenador@eproto.test', 'eproto123'));
  equipe = client(t, await login(t, 'equipe@eproto.test', 'eproto123'));
  signed = await backfillDemoSignatures({
    database: t.database,
    storage: localStorage(path.join(t.config.dataDir, 'uploads')),
  });
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

  it('has an EPI catalogue with CAs near expiry and signed, pending and due deliveries', async () => {
    const alerts = (await coord.get('/api/tatico/epi/alertas')).json().items as {
      kind: string;
      severity: string;
    }[];
    expect(
      alerts.filter((a) => a.kind === 'ca_epi' && a.severity === 'proximo').length,
    ).toBeGreaterThanOrEqual(2);
    expect(alerts.some((a) => a.kind === 'ca_epi' && a.severity === 'vencido')).toBe(true);
    expect(alerts.some((a) => a.kind === 'estoque_epi')).toBe(true);
    expect(alerts.some((a) => a.kind === 'troca_epi')).toBe(true);
    expect(signed).toBeGreaterThanOrEqual(5);
    const mine = (await equipe.get('/api/tatico/epi/minhas-entregas')).json().items as {
      id: number;
      status: string;
      tem_assinatura: boolean;
    }[];
    expect(mine.some((d) => d.status === 'pendente')).toBe(true);
    const withSig = mine.find((d) => d.tem_assinatura)!;
    const img = await equipe.get(`/api/tatico/epi/entregas/${withSig.id}/assinatura`);
    expect(img.headers['content-type']).toBe('image/png');
    const pdf = await equipe.get(
      `/api/tatico/epi/fichas/${(await equipe.get('/api/users/me')).json().id}/pdf`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('has solicitações in every state, one of them an EPI replacement of João', async () => {
    const { contagem } = (await coord.get('/api/solicitacoes')).json();
    for (const s of ['aberta', 'em_analise', 'aprovada', 'recusada', 'atendida'])
      expect(contagem[s]).toBeGreaterThan(0);
    const mine = (await equipe.get('/api/tatico/epi/minhas-solicitacoes')).json().items;
    expect(
      mine.some(
        (r: { tipo: string; epi_entrega_id: number | null }) =>
          r.tipo === 'epi' && r.epi_entrega_id !== null,
      ),
    ).toBe(true);
  });
});
