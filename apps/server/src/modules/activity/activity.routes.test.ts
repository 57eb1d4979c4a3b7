import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../../db/schema/index.ts';
import {
  createTestApp,
  createUser,
  login,
  spa,
  userWithSession,
  type TestApp,
} from '../../../test/helpers.ts';

let t: TestApp;
let ti: string;

beforeAll(async () => {
  t = await createTestApp();
  ti = (await userWithSession(t, 'TI')).cookie;
});
afterAll(async () => t.close());

interface Entry {
  id: number;
  userId: number | null;
  userNome: string | null;
  email: string | null;
  action: string;
  label: string;
  objectType: string | null;
  objectId: string | null;
  objectName: string | null;
  ip: string | null;
  createdAt: string;
}
const get = async (query: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/activity?${query}`,
    headers: { cookie: ti },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Entry[]; nextBefore: number | null }>();
};

describe('GET /api/activity', () => {
  it('records sign-ins, failed sign-ins and sign-outs with who, when and from which address', async () => {
    const u = await createUser(t, { role: 'Gerente', nome: 'Gisele Prado' });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: spa,
      remoteAddress: '10.1.2.3',
      payload: { email: u.email, password: 'senha-errada-1' },
    });
    const cookie = await login(t, u.email);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...spa, cookie },
      payload: {},
    });
    const { items } = await get(`userId=${u.id}`);
    expect(items.map((i) => i.label)).toEqual(['Logout', 'Login', 'Falha de login']);
    expect(items[2]).toMatchObject({
      userNome: 'Gisele Prado',
      email: u.email,
      ip: '10.1.2.3',
      action: 'login_failed',
    });
    const failed = await get(`userId=${u.id}&action=login_failed`);
    expect(failed.items).toHaveLength(1);
  });

  it('records every write with the object it touched', async () => {
    const { user, cookie } = await userWithSession(t, 'Coordenador');
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      headers: { ...spa, cookie },
      payload: {
        assunto: 'Impressora',
        descricao: 'Não imprime nada',
        categoria: 'equipamento',
        prioridade: 'alta',
      },
    });
    await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { ...spa, cookie },
      payload: { theme: 'light' },
    });
    // A refused write leaves no trace.
    await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { ...spa, cookie },
      payload: { theme: 'roxo' },
    });
    const writes = await get(`userId=${user.id}&action=write`);
    expect(writes.items.map((i) => [i.label, i.objectType, i.objectId])).toEqual([
      ['Editou o próprio perfil', 'profile', null],
      ['Abriu o chamado', 'support', null],
    ]);
    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/support/tickets/${opened.json().id}/comments`,
      headers: { ...spa, cookie },
      payload: { texto: 'Urgente, por favor' },
    });
    expect(comment.statusCode).toBe(201);
    const creates = await get(`userId=${user.id}&action=create`);
    expect(creates.items[0]).toMatchObject({
      label: `Comentou no chamado #${opened.json().id} Impressora`,
      objectName: `#${opened.json().id} Impressora`,
      objectType: 'support',
      objectId: String(opened.json().id),
    });
    expect((await get(`userId=${user.id}&action=update`)).items).toHaveLength(1);
    expect((await get(`userId=${user.id}&action=delete`)).items).toHaveLength(0);
  });

  it('names the person or request a write touched instead of "Usuário #15"', async () => {
    const { user: admin, cookie } = await userWithSession(t, 'TI');
    const target = await createUser(t, { role: 'Equipe', nome: 'Otávio Lima' });
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/users/${target.id}/deactivate`,
      headers: { ...spa, cookie },
      payload: {},
    });
    expect(off.statusCode, off.body).toBe(200);
    const { items } = await get(`userId=${admin.id}&action=create`);
    expect(items[0]).toMatchObject({
      label: 'Desativou o usuário Otávio Lima',
      objectName: 'Otávio Lima',
      objectId: String(target.id),
    });
    expect(items[0]!.label).not.toMatch(/#\d/);
  });

  it('filters by period in the company time zone and paginates', async () => {
    const u = await createUser(t, { role: 'Equipe' });
    // 02:30 UTC on the 3rd is still 23:30 on the 2nd in São Paulo.
    await t.database.db.insert(activityLog).values([
      { userId: u.id, action: 'login', createdAt: new Date('2025-03-02T12:00:00Z') },
      { userId: u.id, action: 'login', createdAt: new Date('2025-03-03T02:30:00Z') },
      { userId: u.id, action: 'login', createdAt: new Date('2025-03-03T12:00:00Z') },
      { userId: u.id, action: 'login', createdAt: new Date('2025-03-05T12:00:00Z') },
    ]);
    const day2 = await get(`userId=${u.id}&from=2025-03-02&to=2025-03-02`);
    expect(day2.items.map((i) => i.createdAt)).toEqual([
      '2025-03-03T02:30:00.000Z',
      '2025-03-02T12:00:00.000Z',
    ]);
    const fromDay3 = await get(`userId=${u.id}&from=2025-03-03`);
    expect(fromDay3.items).toHaveLength(2);
    const first = await get(`userId=${u.id}&limit=3`);
    expect(first.items).toHaveLength(3);
    expect(first.nextBefore).toBe(first.items[2]!.id);
    const page = await get(`userId=${u.id}&limit=3&before=${first.nextBefore}`);
    expect(page.nextBefore).toBeNull();
    expect(page.items.map((i) => i.createdAt)).toEqual(['2025-03-02T12:00:00.000Z']);
  });

  it('refuses an inverted period and malformed dates', async () => {
    const inverted = await t.app.inject({
      method: 'GET',
      url: '/api/activity?from=2025-03-05&to=2025-03-01',
      headers: { cookie: ti },
    });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().error).toBe('A data inicial deve ser anterior à data final.');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/activity?from=05/03/2025',
      headers: { cookie: ti },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/activity/export', () => {
  const seedRows = async () => {
    const u = await createUser(t, { role: 'Equipe', nome: 'Exportada Silva' });
    await t.database.db.insert(activityLog).values([
      {
        userId: u.id,
        email: u.email,
        action: 'login',
        ip: '10.0.0.1',
        createdAt: new Date('2025-04-10T15:04:05Z'),
      },
      {
        userId: u.id,
        email: u.email,
        action: 'PATCH /api/eproto/murals/:id/kanban',
        objectType: 'murals',
        objectId: '42',
        ip: '=cmd|calc',
        createdAt: new Date('2025-04-11T10:00:00Z'),
      },
    ]);
    return u;
  };

  it('exports the filtered rows as CSV for Brazilian spreadsheets', async () => {
    const u = await seedRows();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/activity/export?format=csv&userId=${u.id}`,
      headers: { cookie: ti },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="atividade-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Data/hora;Usuário;E-mail;Ação;Objeto;ID do objeto;Endereço IP;Código da ação',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(
      `11/04/2025 07:00:00;Exportada Silva;${u.email};Mudou a etapa da demanda;murals;42;'=cmd|calc;PATCH /api/eproto/murals/:id/kanban`,
    );
    expect(lines[2]).toBe(`10/04/2025 12:04:05;Exportada Silva;${u.email};Login;;;10.0.0.1;login`);
  });

  it('exports XLSX with the same rows', async () => {
    const u = await seedRows();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/activity/export?format=xlsx&userId=${u.id}&action=login`,
      headers: { cookie: ti },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(/\.xlsx"$/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const xml = Object.entries(files)
      .filter(([name]) => name.startsWith('xl/'))
      .map(([, data]) => strFromU8(data))
      .join('\n');
    expect(xml).toContain('Atividade');
    expect(xml).toContain('Exportada Silva');
    expect(xml).toContain('Endereço IP');
    expect(xml).not.toContain('Mudou a etapa da demanda');
  });

  it('is for ti only', async () => {
    const { cookie } = await userWithSession(t, 'Administrador');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/activity/export',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(403);
  });
});
