import { rolesWith, ROLES, rolesFor } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let coord: ReturnType<typeof client>;
let gerente: ReturnType<typeof client>;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
  coord = client(t, s.coordenador.cookie);
  gerente = client(t, s.gerente.cookie);
});
afterAll(async () => t.close());

async function consumable(qty: number, min = 0, c = coord) {
  seq += 1;
  const res = await c.post('/api/tatico/inventario/itens', {
    natureza: 'consumivel',
    codigo: `CON-${seq}`,
    nome: `Abraçadeira ${seq}`,
    categoria: 'Elétrica',
    localizacao: 'Almoxarifado',
    unidade: 'un',
    quantidade_inicial: qty,
    estoque_minimo: min,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().item as { id: number; quantidade: number; codigo: string };
}
async function patrimony(holder: number | null = null) {
  seq += 1;
  const res = await coord.post('/api/tatico/inventario/itens', {
    natureza: 'patrimonio',
    codigo: `PAT-${seq}`,
    nome: `Furadeira ${seq}`,
    categoria: 'Ferramentas',
    localizacao: 'Almoxarifado',
    estado: 'bom',
    responsavel_id: holder,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().item as { id: number };
}
const move = (id: number, body: object, c = coord) =>
  c.post(`/api/tatico/inventario/itens/${id}/movimentacoes`, body);

describe('permissions of /api/tatico/inventario', () => {
  const allowed = rolesFor('/tatico/frota');
  it.each(ROLES.map((r) => [r, allowed.includes(r)] as const))(
    '%s reads and moves stock: %s',
    async (role, ok) => {
      const item = await consumable(5);
      const c = client(t, s[role].cookie);
      expect((await c.get('/api/tatico/inventario/itens')).statusCode).toBe(ok ? 200 : 403);
      expect((await c.get(`/api/tatico/inventario/itens/${item.id}`)).statusCode).toBe(
        ok ? 200 : 403,
      );
      expect((await c.get('/api/tatico/inventario/movimentacoes')).statusCode).toBe(ok ? 200 : 403);
      expect((await c.get('/api/tatico/inventario/alertas')).statusCode).toBe(ok ? 200 : 403);
      expect((await move(item.id, { tipo: 'saida', quantidade: 1 }, c)).statusCode).toBe(
        ok ? 201 : 403,
      );
    },
  );

  it.each(
    ROLES.filter((r) => allowed.includes(r)).map(
      (r) => [r, rolesWith('inventory.writeoff').includes(r)] as const,
    ),
  )('%s may write off (baixa): %s', async (role, ok) => {
    const item = await consumable(5);
    const res = await move(
      item.id,
      { tipo: 'baixa', quantidade: 1, motivo: 'Avariado' },
      client(t, s[role].cookie),
    );
    expect(res.statusCode).toBe(ok ? 201 : 403);
    if (!ok) expect(res.json().error).toBe('Somente gerente ou diretoria podem registrar baixa.');
  });
});

describe('items', () => {
  it('registers a consumable with its initial entrada', async () => {
    const item = await consumable(12, 5);
    const detail = (await coord.get(`/api/tatico/inventario/itens/${item.id}`)).json();
    expect(detail.item).toMatchObject({ quantidade: 12, estoque_minimo: 5, abaixo_minimo: false });
    expect(detail.movements).toHaveLength(1);
    expect(detail.movements[0]).toMatchObject({
      tipo: 'entrada',
      quantidade: 12,
      saldo_apos: 12,
      usuario: { id: s.coordenador.id },
    });
  });

  it('refuses a negative initial stock, a duplicated code and an unknown holder', async () => {
    const neg = await coord.post('/api/tatico/inventario/itens', {
      natureza: 'consumivel',
      codigo: 'NEG-1',
      nome: 'Fita',
      categoria: 'X',
      localizacao: 'A',
      unidade: 'rolo',
      quantidade_inicial: -3,
    });
    expect(neg.statusCode).toBe(400);
    expect(neg.json().error).toMatch(/negativo/);
    const a = await consumable(1);
    const dup = await coord.post('/api/tatico/inventario/itens', {
      natureza: 'consumivel',
      codigo: a.codigo.toLowerCase(),
      nome: 'Outro',
      categoria: 'X',
      localizacao: 'A',
      unidade: 'un',
    });
    expect(dup.statusCode).toBe(409);
    const ghost = await coord.post('/api/tatico/inventario/itens', {
      natureza: 'patrimonio',
      codigo: 'GHOST-1',
      nome: 'Serra',
      categoria: 'X',
      localizacao: 'A',
      estado: 'novo',
      responsavel_id: 999999,
    });
    expect(ghost.statusCode).toBe(400);
    expect((await coord.get('/api/tatico/inventario/itens?q=GHOST-1')).json().items).toHaveLength(
      0,
    );
  });

  it('edits descriptive fields only', async () => {
    const item = await consumable(3, 1);
    const ok = await coord.patch(`/api/tatico/inventario/itens/${item.id}`, {
      nome: 'Abraçadeira nylon',
      estoque_minimo: 10,
    });
    expect(ok.json().item).toMatchObject({
      nome: 'Abraçadeira nylon',
      estoque_minimo: 10,
      quantidade: 3,
      abaixo_minimo: true,
    });
    const bad = await coord.patch(`/api/tatico/inventario/itens/${item.id}`, { estado: 'bom' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('movements', () => {
  it('entrada and saída keep the balance, with who and when', async () => {
    const item = await consumable(10);
    await move(item.id, { tipo: 'entrada', quantidade: 5, motivo: 'NF 123' });
    const out = await move(item.id, {
      tipo: 'saida',
      quantidade: 8,
      destino_localizacao: 'Obra Centro',
    });
    expect(out.statusCode).toBe(201);
    expect(out.json().item.quantidade).toBe(7);
    const [last] = out.json().movements;
    expect(last).toMatchObject({
      tipo: 'saida',
      quantidade: 8,
      saldo_apos: 7,
      destino_localizacao: 'Obra Centro',
      usuario: { id: s.coordenador.id },
    });
    expect(Date.parse(last.created_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses a saída above the stock with a Portuguese 400 and changes nothing', async () => {
    const item = await consumable(3);
    const res = await move(item.id, { tipo: 'saida', quantidade: 4 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', field: 'quantidade' });
    expect(res.json().error).toMatch(/Estoque insuficiente: disponível 3, solicitado 4/);
    const detail = (await coord.get(`/api/tatico/inventario/itens/${item.id}`)).json();
    expect(detail.item.quantidade).toBe(3);
    expect(detail.movements).toHaveLength(1);
  });

  it('refuses zero, negative and fractional quantities', async () => {
    const item = await consumable(3);
    for (const quantidade of [0, -1, 1.5]) {
      expect((await move(item.id, { tipo: 'saida', quantidade })).statusCode).toBe(400);
    }
    expect((await move(item.id, { tipo: 'teleporte', quantidade: 1 })).statusCode).toBe(400);
  });

  it('two concurrent saídas cannot take the stock below zero', async () => {
    const item = await consumable(10);
    const [a, b] = await Promise.all([
      move(item.id, { tipo: 'saida', quantidade: 6 }),
      move(item.id, { tipo: 'saida', quantidade: 6 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    const detail = (await coord.get(`/api/tatico/inventario/itens/${item.id}`)).json();
    expect(detail.item.quantidade).toBe(4);
  });

  it('a burst of saídas of one unit empties the stock exactly', async () => {
    const item = await consumable(10);
    const results = await Promise.all(
      Array.from({ length: 16 }, () => move(item.id, { tipo: 'saida', quantidade: 1 })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(6);
    const detail = (await coord.get(`/api/tatico/inventario/itens/${item.id}`)).json();
    expect(detail.item.quantidade).toBe(0);
    expect(detail.movements.filter((m: { tipo: string }) => m.tipo === 'saida')).toHaveLength(10);
  });

  it('transfers a patrimony item between places and holders, then writes it off', async () => {
    const item = await patrimony();
    const tr = await move(item.id, {
      tipo: 'transferencia',
      destino_localizacao: 'Base Norte',
      responsavel_id: s.equipe.id,
    });
    expect(tr.statusCode).toBe(201);
    expect(tr.json().item).toMatchObject({
      localizacao: 'Base Norte',
      responsavel: { id: s.equipe.id },
    });
    expect(tr.json().movements[0]).toMatchObject({
      origem_localizacao: 'Almoxarifado',
      destino_localizacao: 'Base Norte',
      responsavel_anterior: null,
      responsavel_novo: { id: s.equipe.id },
    });
    expect((await move(item.id, { tipo: 'saida', quantidade: 1 })).statusCode).toBe(400);
    const noReason = await move(item.id, { tipo: 'baixa' }, gerente);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe('Informe o motivo da baixa.');
    const off = await move(item.id, { tipo: 'baixa', motivo: 'Motor queimado' }, gerente);
    expect(off.json().item).toMatchObject({ estado: 'baixado', quantidade: 0, responsavel: null });
    expect(
      (await move(item.id, { tipo: 'transferencia', destino_localizacao: 'X' })).statusCode,
    ).toBe(400);
  });

  it('movements of an unknown item answer 404', async () => {
    expect((await move(999999, { tipo: 'entrada', quantidade: 1 })).statusCode).toBe(404);
  });
});

describe('minimum stock alerts and exports', () => {
  it('flags consumables under the minimum', async () => {
    const item = await consumable(6, 5);
    let alerts = (await coord.get('/api/tatico/inventario/alertas')).json().items;
    expect(alerts.some((a: { ref_id: number }) => a.ref_id === item.id)).toBe(false);
    await move(item.id, { tipo: 'saida', quantidade: 2 });
    alerts = (await coord.get('/api/tatico/inventario/alertas')).json().items;
    const mine = alerts.find((a: { ref_id: number }) => a.ref_id === item.id);
    expect(mine).toMatchObject({
      kind: 'estoque_minimo',
      texto: expect.stringMatching(/abaixo do mínimo: 4 de 5 un/),
    });
    const below = (await coord.get('/api/tatico/inventario/itens?abaixo_minimo=true')).json().items;
    expect(below.every((i: { abaixo_minimo: boolean }) => i.abaixo_minimo)).toBe(true);
    expect(below.some((i: { id: number }) => i.id === item.id)).toBe(true);
  });

  it('exports items and movements as CSV and XLSX', async () => {
    await consumable(2);
    const csv = await coord.get('/api/tatico/inventario/itens/export?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toMatch(/Código;Nome;Natureza;Categoria;Localização/);
    expect(csv.body).toMatch(/Consumível/);
    const mcsv = await coord.get('/api/tatico/inventario/movimentacoes/export?format=csv');
    expect(mcsv.body).toMatch(/Data;Código;Item;Tipo/);
    expect(mcsv.body).toMatch(/\d{2}\/\d{2}\/\d{4};CON-/);
    const xlsx = await coord.get('/api/tatico/inventario/itens/export?format=xlsx');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
