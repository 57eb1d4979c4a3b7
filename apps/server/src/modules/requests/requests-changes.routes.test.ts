import { RT_EVENTS } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, userContracts } from '../../db/schema/index.ts';
import type { AppEvent } from '../../lib/events.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { cursorParam, HOSTILE_CURSORS } from '../../../test/hostile-cursors.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

// Issue 37: every request writer publishes 'requests.changed' with its id and version (its
// updated_at) to who may see it only, and a list on screen asks GET /solicitacoes with
// updated_since (its rows changed since, the ids its filters list now, the counts).

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let coord: ReturnType<typeof client>;
let diretoria: ReturnType<typeof client>;
let contractA: number;
let contractB: number;

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
  coord = client(t, s.coordenador.cookie);
  diretoria = client(t, s.diretoria.cookie);
  const rows = await t.database.db
    .insert(contracts)
    .values([
      { codigo: 'CT-A', nome: 'Contrato A', cliente: 'Cliente A' },
      { codigo: 'CT-B', nome: 'Contrato B', cliente: 'Cliente B' },
    ])
    .returning({ id: contracts.id });
  contractA = rows[0]!.id;
  contractB = rows[1]!.id;
  // coordenador and gerente are linked to A only; B is out of their scope.
  await t.database.db.insert(userContracts).values([
    { userId: s.coordenador.id, contractId: contractA },
    { userId: s.gerente.id, contractId: contractA },
  ]);
});
afterAll(async () => t.close());

interface Solicitacao {
  id: number;
  status: string;
  updated_at: string;
}
interface Listed {
  items: Solicitacao[];
  contagem: Record<string, number>;
  cursor: string;
  ids?: number[];
}

/** The 'requests.changed' events a write publishes, and its answer. */
async function eventsOf(write: () => ReturnType<typeof coord.post>) {
  const seen: AppEvent[] = [];
  const stop = t.events.subscribe((e) => seen.push(e));
  const res = await write();
  stop();
  expect(res.statusCode, res.body).toBeLessThan(300);
  return {
    seen: seen.filter((e) => e.type === RT_EVENTS.requestsChanged),
    row: res.json<{ solicitacao: Solicitacao }>().solicitacao,
  };
}

const open = (c: typeof coord, contractId: number) =>
  eventsOf(() =>
    c.post('/api/solicitacoes', {
      tipo: 'material',
      descricao: 'Cabos e conectores para a obra',
      urgencia: 'alta',
      contract_id: contractId,
    }),
  );

describe("'requests.changed': what changed, to who may see it", () => {
  it("each writer sends id and version; a contract's request never reaches people outside it", async () => {
    const a = await open(coord, contractA);
    const b = await open(diretoria, contractB);
    const moved = await eventsOf(() =>
      diretoria.post(`/api/solicitacoes/${a.row.id}/status`, { status: 'em_analise' }),
    );
    for (const { seen, row } of [a, moved]) {
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ id: row.id, version: row.updated_at });
      // Linked to A (coordenador, gerente) and all-seeing (diretoria): yes; others: no.
      expect(seen[0]!.userIds).toEqual(
        expect.arrayContaining([s.coordenador.id, s.gerente.id, s.diretoria.id]),
      );
      expect(seen[0]!.userIds).not.toContain(s.equipe.id);
      expect(seen[0]!.userIds).not.toContain(s.financeiro.id);
    }
    expect(b.seen[0]!.userIds).toContain(s.diretoria.id);
    expect(b.seen[0]!.userIds).not.toContain(s.coordenador.id);
    expect(b.seen[0]!.userIds).not.toContain(s.gerente.id);

    // The coordinator's list since the step: the request that moved, A's ids only, counts.
    const whole = (await coord.get('/api/solicitacoes')).json<Listed>();
    expect(whole.ids).toBeUndefined();
    const since = cursorParam(moved.seen[0]!.version!);
    const delta = (await coord.get(`/api/solicitacoes?${since}`)).json<Listed>();
    expect(delta.items.map((r) => [r.id, r.status])).toEqual([[a.row.id, 'em_analise']]);
    expect(delta.ids).toEqual(whole.items.map((r) => r.id));
    expect(delta.ids).not.toContain(b.row.id);
    expect(delta.contagem).toEqual(whole.contagem);
    // Filtered to "aberta": the moved one left (its ids no longer name it), nothing to send.
    const open_ = (await coord.get(`/api/solicitacoes?status=aberta&${since}`)).json<Listed>();
    expect(open_.ids).not.toContain(a.row.id);
    expect(open_.items).toEqual([]);
  });

  it.each(HOSTILE_CURSORS)('refuses updated_since=%j with 400', async (value) => {
    expect((await coord.get(`/api/solicitacoes?${cursorParam(value)}`)).statusCode).toBe(400);
  });

  it.each(['contract_id=2147483648', 'contract_id=0x10', 'contract_id=%00', 'status=pago'])(
    'refuses %s with 400',
    async (param) => {
      const since = cursorParam(new Date().toISOString());
      expect((await coord.get(`/api/solicitacoes?${param}&${since}`)).statusCode).toBe(400);
    },
  );
});
