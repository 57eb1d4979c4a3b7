import { NOTIFICATION_TYPES } from '@eproto/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../db/schema/index.ts';
import {
  createTestApp,
  login,
  PASSWORD,
  spa,
  userWithSession,
  type TestApp,
} from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const me = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
const patch = (cookie: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/profile', headers: { ...spa, cookie }, payload });
const changePassword = (cookie: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/profile/password',
    headers: { ...spa, cookie },
    payload,
  });

function avatarUpload(cookie: string, data: Buffer, name = 'foto.png') {
  const boundary = '----eprotoAvatar';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/profile/avatar',
    headers: { ...spa, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

describe('GET/PATCH /api/profile', () => {
  it('starts dark with every notification type on, and saves name, theme and preferences', async () => {
    const { user, cookie } = await userWithSession(t, 'Equipe de Campo');
    const res = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    expect(res.json()).toMatchObject({
      id: user.id,
      rawType: 'Equipe de Campo',
      type: 'equipe',
      theme: 'dark',
      avatar: null,
    });
    expect(Object.values(res.json().notificationPrefs)).toEqual(NOTIFICATION_TYPES.map(() => true));

    const saved = await patch(cookie, {
      nome: 'João P. Lima',
      theme: 'light',
      notificationPrefs: { mention: false },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ nome: 'João P. Lima', theme: 'light' });
    expect(saved.json().notificationPrefs).toMatchObject({ mention: false, other: true });
    // A later partial change keeps the earlier choices.
    const again = await patch(cookie, { notificationPrefs: { deadline_reminder: false } });
    expect(again.json().notificationPrefs).toMatchObject({
      mention: false,
      deadline_reminder: false,
      other: true,
    });
    expect((await me(cookie)).json().nome).toBe('João P. Lima');
  });

  it('refuses an unknown theme, an unknown field value and a short name', async () => {
    const { cookie } = await userWithSession(t, 'Gerente');
    expect((await patch(cookie, { theme: 'roxo' })).statusCode).toBe(400);
    expect((await patch(cookie, { notificationPrefs: { mention: 'sim' } })).statusCode).toBe(400);
    const short = await patch(cookie, { nome: 'A' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatch(/nome completo/);
  });

  it('notify() respects a type switched off', async () => {
    const opener = await userWithSession(t, 'Coordenador');
    const ti = await userWithSession(t, 'TI');
    await patch(opener.cookie, { notificationPrefs: { other: false } });
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      headers: { ...spa, cookie: opener.cookie },
      payload: {
        assunto: 'Teclado',
        descricao: 'Teclas falhando',
        categoria: 'equipamento',
        prioridade: 'baixa',
      },
    });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/support/tickets/${ticket.json().id}/status`,
      headers: { ...spa, cookie: ti.cookie },
      payload: { status: 'em_atendimento' },
    });
    const got = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, opener.user.id)));
    expect(got).toHaveLength(0);
    await patch(opener.cookie, { notificationPrefs: { other: true } });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/support/tickets/${ticket.json().id}/status`,
      headers: { ...spa, cookie: ti.cookie },
      payload: { status: 'resolvido' },
    });
    expect(
      await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, opener.user.id)),
    ).toHaveLength(1);
  });
});

describe('avatar', () => {
  it('stores an image checked by content and serves it at /api/users/{id}/avatar-image', async () => {
    const { user, cookie } = await userWithSession(t, 'Gerente');
    const res = await avatarUpload(cookie, PNG);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().avatar).toBe(`/api/users/${user.id}/avatar-image`);
    expect((await me(cookie)).json().avatar).toBe(`/api/users/${user.id}/avatar-image`);
    const img = await t.app.inject({
      method: 'GET',
      url: `/api/users/${user.id}/avatar-image`,
      headers: { cookie },
    });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload).toEqual(PNG);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile/avatar',
      headers: { ...spa, cookie },
    });
    expect(removed.json().avatar).toBeNull();
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/users/${user.id}/avatar-image`,
      headers: { cookie },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses what is not a PNG, JPEG or WebP image, and images over 2 MB', async () => {
    const { user, cookie } = await userWithSession(t, 'Gerente');
    const text = await avatarUpload(
      cookie,
      Buffer.from('<svg onload="alert(1)"></svg>'),
      'foto.png',
    );
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBe('Envie uma imagem PNG, JPEG ou WebP.');
    const big = await avatarUpload(cookie, Buffer.concat([PNG, Buffer.alloc(2 * 1_048_576, 0)]));
    expect(big.statusCode).toBe(413);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.avatarPath).toBeNull();
  });

  it('answers an empty file with 400, not 415', async () => {
    const { cookie } = await userWithSession(t, 'Gerente');
    const empty = await avatarUpload(cookie, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'A imagem está vazia.', field: 'file' });
  });
});

describe('POST /api/profile/password', () => {
  it('needs the current password, then ends the other sessions and keeps this one', async () => {
    const { user, cookie } = await userWithSession(t, 'Diretor Comercial');
    const otherDevice = await login(t, user.email);
    const wrong = await changePassword(cookie, {
      currentPassword: 'nao-e-essa',
      newPassword: 'nova-senha-forte',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: 'Senha atual incorreta.',
      field: 'currentPassword',
    });
    expect((await me(otherDevice)).statusCode).toBe(200);

    const weak = await changePassword(cookie, { currentPassword: PASSWORD, newPassword: 'curta' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatch(/10 caracteres/);

    const ok = await changePassword(cookie, {
      currentPassword: PASSWORD,
      newPassword: 'nova-senha-forte',
    });
    expect(ok.statusCode).toBe(200);
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
    await expect(login(t, user.email)).rejects.toThrow();
    await login(t, user.email, 'nova-senha-forte');
  });
});
