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

describe('/api/tatico/agenda/opcoes (pickers of the OS run)', () => {
  const allowed = rolesFor('/tatico/agenda');
  it.each(ROLES.map((r) => [r, allowed.includes(r)] as const))(
    '%s reads the materials and people pickers: %s',
    async (role, ok) => {
      const c = client(t, s[role].cookie);
      expect((await c.get('/api/tatico/agenda/opcoes/materiais')).statusCode).toBe(ok ? 200 : 403);
      expect((await c.get('/api/tatico/agenda/opcoes/pessoas')).statusCode).toBe(ok ? 200 : 403);
    },
  );

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
    const items = (await equipe.get('/api/tatico/agenda/opcoes/materiais?q=FIL-G4')).json<{
      items: { codigo: string; quantidade: number; natureza: string }[];
    }>();
    expect(items.items).toEqual([
      expect.objectContaining({ codigo: 'FIL-G4-OS', quantidade: 7, natureza: 'consumivel' }),
    ]);
    const people = (await equipe.get('/api/tatico/agenda/opcoes/pessoas')).json<{
      items: { id: number }[];
    }>();
    const gestor = (await coord.get('/api/tatico/pessoas')).json<{ items: { id: number }[] }>();
    expect(people.items.map((p) => p.id)).toEqual(gestor.items.map((p) => p.id));
    expect(people.items.map((p) => p.id)).toContain(s.equipe.id);
  });
});
