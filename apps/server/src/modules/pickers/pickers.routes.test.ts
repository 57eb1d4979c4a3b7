import { ROLES, rolesFor } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
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

  it('refuses a search past 80 characters in Portuguese', async () => {
    const res = await client(t, s.equipe.cookie).get(`/api/tatico/pessoas?q=${'a'.repeat(81)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/80 caracteres/);
  });
});
