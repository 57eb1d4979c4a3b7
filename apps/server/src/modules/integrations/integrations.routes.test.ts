import { rolesWith, ROLES } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;

const SECRET = 'segredo-do-cliente-que-nunca-sai';

beforeAll(async () => {
  t = await createTestApp({
    OIDC_ISSUER: 'https://login.empresa.com.br/realms/eproto',
    OIDC_CLIENT_ID: 'eproto-web',
    OIDC_CLIENT_SECRET: SECRET,
    OIDC_NOME: 'Keycloak',
  });
  s = await sessionsByRole(t);
});
afterAll(async () => t.close());

describe('GET /api/integrations/sso', () => {
  it('shows ti the configured provider, button text and callback, never the secret', async () => {
    const res = await client(t, s.ti.cookie).get('/api/integrations/sso');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      configurado: true,
      emissor: 'https://login.empresa.com.br/realms/eproto',
      client_id: 'eproto-web',
      botao: 'Entrar com Keycloak',
      criar_contas: false,
      papel_padrao: null,
      callback_url: 'http://localhost:3000/api/auth/oidc/callback',
    });
    expect(res.body).not.toContain(SECRET);
  });

  it('says "not configured" without OIDC_* variables', async () => {
    const off = await createTestApp();
    try {
      const ti = await sessionsByRole(off);
      const res = await client(off, ti.ti.cookie).get('/api/integrations/sso');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ configurado: false, emissor: null, botao: null });
    } finally {
      await off.close();
    }
  });

  it('is for ti only (every role), and needs a session', async () => {
    expect(rolesWith('integrations.manage')).toEqual(['ti']);
    for (const role of ROLES) {
      const res = await client(t, s[role].cookie).get('/api/integrations/sso');
      expect(res.statusCode, role).toBe(role === 'ti' ? 200 : 403);
    }
    const anon = await t.app.inject({ method: 'GET', url: '/api/integrations/sso' });
    expect(anon.statusCode).toBe(401);
  });
});
