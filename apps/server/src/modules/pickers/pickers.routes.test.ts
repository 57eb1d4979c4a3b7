import { ROLE_LABELS, ROLES, rolesFor } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, userContracts } from '../../db/schema/index.ts';
import { createTestApp, createUser, login, type TestApp } from '../../../test/helpers.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
});
afterAll(async () => t.close());

describe('/api/tatico/pessoas and /api/tatico/materiais (the field pickers)', () => {
  const allowed = rolesFor('/tatico/agenda');
  it.each(ROLES.map((r) => [r, allowed.includes(r)] as const))(
    '%s reads the people and materials pickers: %s',
    async (role, ok) => {
      const c = client(t, s[role].cookie);
      expect((await c.get('/api/tatico/pessoas')).statusCode).toBe(ok ? 200 : 403);
      expect((await c.get('/api/tatico/pessoas?q=ana')).statusCode).toBe(ok ? 200 : 403);
      expect((await c.get('/api/tatico/materiais')).statusCode).toBe(ok ? 200 : 403);
    },
  );

  it('retires the copies the OS run used to read', async () => {
    const c = client(t, s.equipe.cookie);
    expect((await c.get('/api/tatico/agenda/opcoes/pessoas')).statusCode).toBe(404);
    expect((await c.get('/api/tatico/agenda/opcoes/materiais')).statusCode).toBe(404);
  });

  it('gives equipe the stock of a consumable and the active people, as the gestores see them', async () => {
    // The technician and the coordinator work on one contract: each lists the same people.
    const [shared] = await t.database.db
      .insert(contracts)
      .values({ codigo: 'PKR-SHARED', nome: 'Contrato comum', cliente: 'Cliente Picker' })
      .returning({ id: contracts.id });
    await t.database.db.insert(userContracts).values([
      { userId: s.equipe.id, contractId: shared!.id },
      { userId: s.coordenador.id, contractId: shared!.id },
    ]);
    const coord = client(t, s.coordenador.cookie);
    const created = await coord.post('/api/tatico/inventario/itens', {
      natureza: 'consumivel',
      codigo: 'FIL-G4-OS',
      nome: 'Filtro G4',
      categoria: 'Climatização',
      localizacao: 'Almoxarifado',
      unidade: 'un',
      quantidade_inicial: 7,
      estoque_minimo: 0,
    });
    expect(created.statusCode, created.body).toBe(201);
    const equipe = client(t, s.equipe.cookie);
    const items = (await equipe.get('/api/tatico/materiais?q=FIL-G4')).json<{
      items: { codigo: string; quantidade: number; natureza: string }[];
    }>();
    expect(items.items).toEqual([
      expect.objectContaining({ codigo: 'FIL-G4-OS', quantidade: 7, natureza: 'consumivel' }),
    ]);
    const ids = async (c: ReturnType<typeof client>, url: string) =>
      (await c.get(url)).json<{ items: { id: number }[] }>().items.map((p) => p.id);
    const people = await ids(equipe, '/api/tatico/pessoas');
    expect(people).toEqual(await ids(coord, '/api/tatico/pessoas'));
    expect(people).toContain(s.equipe.id);
    // The search box narrows the same list, for every role of the picker.
    expect(await ids(equipe, '/api/tatico/pessoas?q=Equipe')).toEqual([s.equipe.id]);
  });

  it("lists the people of the caller's contracts only, unless their role sees every contract", async () => {
    const db = t.database.db;
    const [a, b] = await db
      .insert(contracts)
      .values([
        { codigo: 'PPL-A', nome: 'Contrato A', cliente: 'Cliente A' },
        { codigo: 'PPL-B', nome: 'Contrato B', cliente: 'Cliente B' },
      ])
      .returning({ id: contracts.id });
    const person = async (role: string, nome: string, linked: number[]) => {
      const u = await createUser(t, { role, nome });
      if (linked.length > 0) {
        await db
          .insert(userContracts)
          .values(linked.map((contractId) => ({ userId: u.id, contractId })));
      }
      return { id: u.id, c: client(t, await login(t, u.email)) };
    };
    const gestorA = await person(ROLE_LABELS.coordenador, 'Gestora Pessoas A', [a!.id]);
    const techA = await person(ROLE_LABELS.equipe, 'Técnico Pessoas A', [a!.id]);
    const techAB = await person(ROLE_LABELS.equipe, 'Técnica Pessoas AB', [a!.id, b!.id]);
    const techB = await person(ROLE_LABELS.equipe, 'Técnico Pessoas Bravo', [b!.id]);
    const outsider = await person(ROLE_LABELS.equipe, 'Avulso Pessoas', []);
    const director = await person(ROLE_LABELS.diretoria, 'Diretora Pessoas', []);
    const ids = async (c: ReturnType<typeof client>, q = 'Pessoas') => {
      const res = await c.get(`/api/tatico/pessoas?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<{ items: { id: number }[] }>()
        .items.map((p) => p.id)
        .sort((x, y) => x - y);
    };
    const sorted = (...people: { id: number }[]) => people.map((p) => p.id).sort((x, y) => x - y);

    // A gestor of A: A's people (the one also on B too), never B's alone nor the outsider.
    expect(await ids(gestorA.c)).toEqual(sorted(gestorA, techA, techAB));
    expect(await ids(techA.c)).toEqual(sorted(gestorA, techA, techAB));
    expect(await ids(techB.c)).toEqual(sorted(techAB, techB));
    expect(await ids(techAB.c)).toEqual(sorted(gestorA, techA, techAB, techB));
    // Searching by name does not reach past the scope.
    expect(await ids(gestorA.c, 'Bravo')).toEqual([]);
    expect(await ids(techB.c, 'Bravo')).toEqual([techB.id]);
    // Someone on no contract lists only themself; a role that sees every contract, everyone.
    expect(await ids(outsider.c)).toEqual([outsider.id]);
    expect(await ids(director.c)).toEqual(
      sorted(gestorA, techA, techAB, techB, outsider, director),
    );
  });

  it('gives the vehicles picker to the fleet roles only: equipe is refused as on /tatico/frota', async () => {
    const fleet = rolesFor('/tatico/frota');
    const coord = client(t, s.coordenador.cookie);
    const made = await coord.post('/api/tatico/frota/veiculos', {
      placa: 'PKR2A34',
      marca: 'Fiat',
      modelo: 'Strada',
      ano: 2022,
      odometro_km: 1000,
    });
    expect(made.statusCode, made.body).toBe(201);
    for (const role of ROLES) {
      const res = await client(t, s[role].cookie).get('/api/tatico/veiculos');
      expect(res.statusCode, role).toBe(fleet.includes(role) ? 200 : 403);
      if (res.statusCode === 200) {
        const plates = res.json<{ items: { placa: string }[] }>().items.map((v) => v.placa);
        expect(plates).toContain('PKR2A34');
      }
    }
  });

  it('gives each role its own contracts (as /eproto/contracts does), financeiro none', async () => {
    const ti = client(t, s.ti.cookie);
    const make = async (codigo: string, status: string) => {
      const res = await ti.post('/api/eproto/contracts', {
        codigo,
        nome: `Contrato ${codigo}`,
        cliente: 'Cliente Picker',
        status,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>().id;
    };
    const linked = await make('PKR-LINKED', 'ativo');
    const closed = await make('PKR-CLOSED', 'encerrado');
    const other = await make('PKR-OTHER', 'ativo');
    for (const role of ['coordenador', 'equipe'] as const) {
      for (const contract_id of [linked, closed]) {
        const res = await ti.post('/api/eproto/user-contracts', {
          user_id: s[role].id,
          contract_id,
        });
        expect(res.statusCode, res.body).toBe(201);
      }
    }
    const ids = async (role: (typeof ROLES)[number], url: string) => {
      const res = await client(t, s[role].cookie).get(url);
      return res.statusCode === 200
        ? res
            .json<{ id: number }[]>()
            .map((c) => c.id)
            .filter((id) => id >= linked)
            .sort((a, b) => a - b)
        : res.statusCode;
    };
    for (const role of ROLES) {
      const mine = await ids(role, '/api/tatico/contratos');
      if (role === 'financeiro') expect(mine, role).toBe(403);
      else expect(mine, role).toEqual(await ids(role, '/api/eproto/contracts'));
    }
    // Scoped: a technician and a coordinator see their two contracts (closed too), not the third.
    expect(await ids('equipe', '/api/tatico/contratos')).toEqual([linked, closed]);
    expect(await ids('coordenador', '/api/tatico/contratos')).not.toContain(other);
    expect(await ids('diretoria', '/api/tatico/contratos')).toEqual(
      expect.arrayContaining([linked, closed, other]),
    );
  });

  it.each([
    '/api/tatico/veiculos?status=quebrado',
    `/api/tatico/veiculos?q=${'x'.repeat(81)}`,
    '/api/tatico/contratos?status=%27%20OR%201%3D1',
    `/api/tatico/contratos?q=${'x'.repeat(101)}`,
  ])('refuses the hostile query %s with 400', async (url) => {
    expect((await client(t, s.gerente.cookie).get(url)).statusCode).toBe(400);
  });

  it('refuses a search past 80 characters in Portuguese', async () => {
    const res = await client(t, s.equipe.cookie).get(`/api/tatico/pessoas?q=${'a'.repeat(81)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/80 caracteres/);
  });
});
