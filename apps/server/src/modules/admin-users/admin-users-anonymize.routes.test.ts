import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLog,
  apiTokens,
  epiDeliveries,
  epiItems,
  pushSubscriptions,
  sessions,
  sstAsos,
  users,
} from '../../db/schema/index.ts';
import { localStorage } from '../../lib/storage.ts';
import {
  createTestApp,
  createUser,
  login,
  PASSWORD,
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

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const anonymize = (cookie: string, id: number | string, confirmacao: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/users/${id}/anonimizar`,
    headers: { ...spa, cookie },
    payload: { confirmacao },
  });
const deactivate = (id: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/users/${id}/deactivate`,
    headers: { ...spa, cookie: ti },
  });

/** A worker with an avatar, a phone, a token, an EPI ficha and an ASO, then deactivated. */
async function worker(active = false) {
  const u = await createUser(t, { role: 'Equipe de Campo', nome: 'Joana Apagável' });
  const db = t.database.db;
  const store = localStorage(t.config.storage.localRoot);
  const avatar = await store.put('avatars', 'png', PNG);
  await db.update(users).set({ avatarPath: avatar, cpf: '52998224725' }).where(eq(users.id, u.id));
  await login(t, u.email);
  await db.insert(pushSubscriptions).values({
    userId: u.id,
    endpoint: `https://push.example.com/${u.id}`,
    p256dh: 'k',
    auth: 'a',
  });
  await db.insert(apiTokens).values({
    userId: u.id,
    nome: 'Integração',
    prefix: 'ep_x',
    tokenHash: `h${u.id}`,
    scopes: [],
    expiresOn: '2030-01-01',
    expiresAt: new Date('2030-01-02T03:00:00Z'),
  });
  const [item] = await db
    .insert(epiItems)
    .values({
      nome: 'Capacete',
      caNumero: '1',
      caValidade: '2030-01-01',
      tamanho: 'U',
      vidaUtilDias: 365,
    })
    .returning();
  await db.insert(epiDeliveries).values({
    itemId: item!.id,
    colaboradorId: u.id,
    data: '2026-01-10',
    quantidade: 1,
    motivo: 'admissao',
  });
  await db.insert(sstAsos).values({
    userId: u.id,
    tipo: 'admissional',
    data: '2026-01-05',
    resultado: 'apto',
    medico: 'Dr. X',
    crm: '1/SP',
  });
  if (!active) expect((await deactivate(u.id)).statusCode).toBe(200);
  return { ...u, avatar };
}

describe('POST /api/users/:id/anonimizar', () => {
  it('removes name, e-mail, CPF, avatar, devices and access, and keeps EPI, SST and the log', async () => {
    const u = await worker();
    const res = await anonymize(ti, u.id, '  joana   apagável ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: u.id,
      nome: `Pessoa removida #${u.id}`,
      email: `anonimizado-${u.id}@eproto.invalid`,
      avatar: null,
      cpf: null,
      active: false,
    });
    expect(res.json().anonymizedAt).toEqual(expect.any(String));

    const db = t.database.db;
    const [row] = await db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ passwordHash: null, avatarPath: null, cpf: null });
    expect(
      await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, u.id)),
    ).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, u.id))).toEqual([]);
    const [token] = await db.select().from(apiTokens).where(eq(apiTokens.userId, u.id));
    expect(token?.revokedAt).toBeInstanceOf(Date);
    // The avatar left the store (after the commit).
    expect(await localStorage(t.config.storage.localRoot).exists(u.avatar)).toBe(false);

    // Kept by law: the EPI ficha, the ASO, and the activity log of the anonymisation itself.
    expect(
      await db.select().from(epiDeliveries).where(eq(epiDeliveries.colaboradorId, u.id)),
    ).toHaveLength(1);
    expect(await db.select().from(sstAsos).where(eq(sstAsos.userId, u.id))).toHaveLength(1);
    const log = await db
      .select()
      .from(activityLog)
      .where(eq(activityLog.objectId, String(u.id)));
    expect(log.map((l) => l.action)).toContain('POST /api/users/:id/anonimizar');

    // Login is impossible, with the old e-mail or the new one.
    for (const email of [u.email, `anonimizado-${u.id}@eproto.invalid`]) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: spa,
        payload: { email, password: PASSWORD },
      });
      expect(r.statusCode).toBe(401);
    }

    // The list shows the new name.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/users?status=todos&search=${encodeURIComponent('Pessoa removida')}`,
      headers: { cookie: ti },
    });
    expect(list.json().items.map((i: { nome: string }) => i.nome)).toContain(
      `Pessoa removida #${u.id}`,
    );
  });

  it('is idempotent, and an anonymised account cannot be edited or reactivated', async () => {
    const u = await worker();
    expect((await anonymize(ti, u.id, 'Joana Apagável')).statusCode).toBe(200);
    const again = await anonymize(ti, u.id, `Pessoa removida #${u.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ nome: `Pessoa removida #${u.id}`, active: false });
    const react = await t.app.inject({
      method: 'POST',
      url: `/api/users/${u.id}/reactivate`,
      headers: { ...spa, cookie: ti },
    });
    expect(react.statusCode).toBe(409);
    expect(react.json().error).toBe('Conta anonimizada: não pode ser editada nem reativada.');
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${u.id}`,
      headers: { ...spa, cookie: ti },
      payload: { nome: 'Joana Apagável' },
    });
    expect(edit.statusCode).toBe(409);
  });

  it('refuses an active account with a Portuguese 409 and changes nothing', async () => {
    const u = await worker(true);
    const res = await anonymize(ti, u.id, 'Joana Apagável');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'Só é possível anonimizar uma conta desativada. Desative a conta antes de anonimizar.',
    );
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ nome: 'Joana Apagável', email: u.email, anonymizedAt: null });
  });

  it('asks for the name as shown', async () => {
    const u = await worker();
    const res = await anonymize(ti, u.id, 'Joana');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'confirmacao' });
    expect(res.json().error).toContain('"Joana Apagável"');
    expect((await anonymize(ti, u.id, '')).statusCode).toBe(400);
  });

  it('answers 400 to hostile ids and 404 to an unknown one', async () => {
    for (const id of ['2147483648', '0x10', '-1', '1e1', '%00']) {
      expect((await anonymize(ti, id, 'X')).statusCode).toBe(400);
    }
    expect((await anonymize(ti, 2147483647, 'X')).statusCode).toBe(404);
  });

  it('is for ti only: administrador, diretoria and gerente get 403', async () => {
    const u = await worker();
    for (const role of ['Administrador', 'Diretoria', 'Gerente', 'Equipe de Campo']) {
      const { cookie } = await userWithSession(t, role);
      expect((await anonymize(cookie, u.id, 'Joana Apagável')).statusCode).toBe(403);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row?.anonymizedAt).toBeNull();
  });
});
