import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/crypto.ts';
import { seedDemoUsers } from '../../seed/demo-users.ts';
import { createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { seedFleet } from '../fleet/fleet.seed.ts';
import { seedInventory } from '../inventory/inventory.seed.ts';
import { seedEpi } from '../epi/epi.seed.ts';
import { seedRequests } from '../requests/requests.seed.ts';
import { seedAgenda } from '../agenda/agenda.seed.ts';
import { seedDemands } from '../murals/murals.seed.ts';
import { addDaysTo, todayIn } from '@eproto/domain';
import { localStorage } from '../../lib/storage.ts';
import path from 'node:path';
import { client } from './test-kit.ts';

let t: TestApp;
let coord: ReturnType<typeof client>;
let equipe: ReturnType<typeof client>;
let diretor: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp();
  const hash = await hashPassword('eproto123');
  await t.database.db.transaction(async (tx) => {
    const people = await seedDemoUsers(tx, hash);
    const ctx = {
      tx,
      people,
      shared: {},
      storage: localStorage(path.join(t.config.dataDir, 'uploads')),
    };
    for (const seeder of [seedDemands, seedFleet, seedInventory, seedEpi, seedRequests, seedAgenda])
      await seeder(ctx);
  });
  coord = client(t, await login(t, 'coordenador@eproto.test', 'eproto123'));
  equipe = client(t, await login(t, 'equipe@eproto.test', 'eproto123'));
  diretor = client(t, await login(t, 'diretor@eproto.test', 'eproto123'));
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

  it('has a week of agenda for the team, today for João and one double booking flagged', async () => {
    const today = todayIn('America/Sao_Paulo');
    const week = (
      await diretor.get(`/api/tatico/agenda?de=${addDaysTo(today, -7)}&ate=${addDaysTo(today, 7)}`)
    ).json().items as { status: string; conflitos: unknown[] }[];
    expect(week.length).toBeGreaterThanOrEqual(12);
    expect(week.some((e) => e.conflitos.length > 0)).toBe(true);
    expect(week.some((e) => e.status === 'cancelado')).toBe(true);
    const mine = (await equipe.get(`/api/tatico/agenda/minha?de=${today}&ate=${today}`)).json()
      .items as { status: string }[];
    expect(mine.map((e) => e.status)).toContain('em_execucao');
  });
});
