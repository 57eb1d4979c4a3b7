import { addDaysTo, todayIn, type ApiTokenScope } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, apiTokens, users } from '../../db/schema/index.ts';
import { tokenHash } from '../../lib/crypto.ts';
import { createTestApp, createUser, type TestApp } from '../../../test/helpers.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
const today = () => todayIn('America/Sao_Paulo');
const REFUSED = 'Token de API inválido, expirado ou revogado.';

beforeAll(async () => {
  t = await createTestApp({ API_TOKEN_RATE_LIMIT_PER_MINUTE: '20' });
  s = await sessionsByRole(t);
});
afterAll(async () => t.close());

async function mint(
  userId: number,
  escopos: ApiTokenScope[] = [{ area: 'suporte', acesso: 'escrita' }],
  expira_em: string | null = addDaysTo(today(), 30),
) {
  const res = await client(t, s.ti.cookie).post('/api/integrations/tokens', {
    usuario_id: userId,
    nome: 'Integração de teste',
    expira_em,
    escopos,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ token: string; item: { id: number; prefixo: string; status: string } }>();
}

/** A call with the token alone: no cookie, no CSRF header. */
const bearer = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

describe('personal API tokens: creation and list (ti)', () => {
  it('shows the token once, stores only its SHA-256, lists it with prefix and status', async () => {
    const { token, item } = await mint(s.equipe.id);
    expect(token).toMatch(/^ep_[A-Za-z0-9_-]{43}$/);
    expect(item.prefixo).toBe(`${token.slice(0, 9)}…`);
    expect(item.status).toBe('ativo');
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, item.id));
    expect(row!.tokenHash).toBe(tokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token.slice(9));
    const list = await client(t, s.ti.cookie).get('/api/integrations/tokens');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token.slice(9));
    expect(list.json().items[0]).toMatchObject({
      id: item.id,
      usuario: { id: s.equipe.id },
      escopos: [{ area: 'suporte', acesso: 'escrita' }],
      criado_por: 'Pessoa TI',
      ultimo_uso_em: null,
    });
  });

  it('refuses hostile ids, past or far expiry, bad scopes and unknown people with 400', async () => {
    const ti = client(t, s.ti.cookie);
    const base = {
      usuario_id: s.equipe.id,
      nome: 'X',
      expira_em: addDaysTo(today(), 10),
      escopos: [{ area: 'suporte', acesso: 'leitura' }],
    };
    const cases: Array<[object, RegExp]> = [
      [{ ...base, usuario_id: 2 ** 31 }, /Pessoa inválida/],
      [{ ...base, usuario_id: '0x10' }, /Pessoa inválida|Informe a pessoa/],
      [{ ...base, usuario_id: 999_999 }, /Pessoa não encontrada/],
      [{ ...base, expira_em: '0000-01-01' }, /validade/i],
      [{ ...base, expira_em: '2026-02-30' }, /validade/i],
      [{ ...base, expira_em: addDaysTo(today(), -1) }, /passado/],
      [{ ...base, expira_em: addDaysTo(today(), 400) }, /no máximo/],
      [{ ...base, escopos: [] }, /ao menos uma área/],
      [{ ...base, escopos: [{ area: 'usuarios', acesso: 'escrita' }] }, /Área do token inválida/],
      [{ ...base, escopos: [{ area: 'suporte', acesso: 'admin' }] }, /Acesso inválido/],
      [
        {
          ...base,
          escopos: [
            { area: 'suporte', acesso: 'leitura' },
            { area: 'suporte', acesso: 'escrita' },
          ],
        },
        /Área repetida/,
      ],
      [{ ...base, nome: 'a\u0000b' }, /caractere inválido/],
    ];
    const before = (await ti.get('/api/integrations/tokens')).json().total;
    for (const [body, msg] of cases) {
      const res = await ti.post('/api/integrations/tokens', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toMatch(msg);
    }
    for (const id of ['2147483648', '0x10', '-1', '1e1']) {
      const res = await ti.post(`/api/integrations/tokens/${id}/revoke`);
      expect(res.statusCode, id).toBe(400);
    }
    expect((await ti.post('/api/integrations/tokens/999999/revoke')).statusCode).toBe(404);
    expect((await ti.get('/api/integrations/tokens')).json().total).toBe(before);
  });

  it('makes a token without expiry ("sem expiração"): no date stored, works until revoked', async () => {
    const { token, item } = await mint(s.coordenador.id, undefined, null);
    expect(item).toMatchObject({ status: 'ativo', expira_em: null });
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, item.id));
    expect(row).toMatchObject({ expiresOn: null, expiresAt: null });
    expect((await bearer(token, 'GET', '/api/users/me')).json()).toMatchObject({
      id: s.coordenador.id,
    });
    const listed = (await client(t, s.ti.cookie).get('/api/integrations/tokens?perPage=100'))
      .json<{ items: Array<{ id: number; expira_em: string | null; status: string }> }>()
      .items.find((x) => x.id === item.id);
    expect(listed).toMatchObject({ expira_em: null, status: 'ativo' });
    const rev = await client(t, s.ti.cookie).post(`/api/integrations/tokens/${item.id}/revoke`);
    expect(rev.json()).toMatchObject({ status: 'revogado', expira_em: null });
    expect((await bearer(token, 'GET', '/api/users/me')).statusCode).toBe(401);
  });

  it('refuses a token for a deactivated person', async () => {
    const off = await createUser(t, { role: 'Equipe', active: false });
    const res = await client(t, s.ti.cookie).post('/api/integrations/tokens', {
      usuario_id: off.id,
      nome: 'Y',
      expira_em: addDaysTo(today(), 5),
      escopos: [{ area: 'suporte', acesso: 'leitura' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/desativada/);
  });
});

describe('Authorization: Bearer on /api', () => {
  it('acts as the person, needs no CSRF header, sets no cookie, names the token in the log', async () => {
    const { token, item } = await mint(s.gerente.id);
    const me = await bearer(token, 'GET', '/api/users/me');
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ id: s.gerente.id });
    const opened = await bearer(token, 'POST', '/api/support/tickets', {
      assunto: 'Impressora',
      descricao: 'Aberto por integração',
      categoria: 'sistema',
      prioridade: 'baixa',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.headers['set-cookie']).toBeUndefined();
    const logged = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'POST /api/support/tickets'));
    expect(logged.at(-1)).toMatchObject({ userId: s.gerente.id, details: { token_api: item.id } });
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, item.id));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('a write outside scope, an area outside scope and a route of no area answer 403', async () => {
    const { token } = await mint(s.gerente.id, [{ area: 'suporte', acesso: 'leitura' }]);
    expect((await bearer(token, 'GET', '/api/support/tickets')).statusCode).toBe(200);
    const write = await bearer(token, 'POST', '/api/support/tickets', {
      assunto: 'X',
      descricao: 'Y',
      categoria: 'sistema',
      prioridade: 'baixa',
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error).toBe('O token só tem leitura nesta área.');
    const area = await bearer(token, 'GET', '/api/tatico/frota/veiculos');
    expect(area.statusCode).toBe(403);
    expect(area.json().error).toBe('O token não tem acesso a esta área.');
    for (const [method, url] of [
      ['GET', '/api/integrations/tokens'],
      ['POST', '/api/integrations/tokens'],
      ['GET', '/api/users'],
      ['POST', '/api/invites'],
      ['POST', '/api/auth/logout'],
      ['GET', '/api/profile'],
    ] as const) {
      const res = await bearer(token, method, url, method === 'GET' ? undefined : {});
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error, url).toMatch(/não aceita token de API/);
    }
  });

  it("keeps the person's own permissions inside the token's scope", async () => {
    // equipe with write on "empresa": editing the company is ti/diretoria's.
    const { token } = await mint(s.equipe.id, [{ area: 'empresa', acesso: 'escrita' }]);
    expect((await bearer(token, 'GET', '/api/empresa')).statusCode).toBe(200);
    const put = await bearer(token, 'PUT', '/api/empresa', {
      nome: 'Empresa X',
      cnpj: '11222333000181',
    });
    expect(put.statusCode).toBe(403);
  });

  it('unknown, malformed, revoked, expired tokens and deactivated people: 401, one message', async () => {
    const person = await createUser(t, { role: 'Gerente' });
    const revoked = await mint(person.id);
    const rev = await client(t, s.ti.cookie).post(
      `/api/integrations/tokens/${revoked.item.id}/revoke`,
    );
    expect(rev.statusCode).toBe(200);
    expect(rev.json().status).toBe('revogado');
    expect(
      (await client(t, s.ti.cookie).post(`/api/integrations/tokens/${revoked.item.id}/revoke`))
        .statusCode,
    ).toBe(409);
    const expired = await mint(person.id, undefined, today());
    await t.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expired.item.id));
    const inactive = await mint(person.id);
    expect((await bearer(inactive.token, 'GET', '/api/support/tickets')).statusCode).toBe(200);
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, person.id));
    const unknown = `ep_${'A'.repeat(43)}`;
    for (const token of [
      unknown,
      'abc',
      '',
      revoked.token,
      expired.token,
      inactive.token,
      `${inactive.token}x`,
    ]) {
      const res = await bearer(token, 'GET', '/api/support/tickets');
      expect(res.statusCode, token).toBe(401);
      expect(res.json().error, token).toBe(REFUSED);
      // A write with a bad token is also 401 (not a CSRF 403), and never reaches the route.
      const post = await bearer(token, 'POST', '/api/support/tickets', {});
      expect(post.statusCode, token).toBe(401);
    }
    // Without a bearer, a write still needs the CSRF header.
    const plain = await t.app.inject({ method: 'POST', url: '/api/support/tickets', payload: {} });
    expect(plain.statusCode).toBe(403);
  });

  it('limits the calls of each token per minute (429 with Retry-After), not of others', async () => {
    const a = await mint(s.coordenador.id);
    const b = await mint(s.coordenador.id);
    for (let i = 0; i < 20; i++)
      expect((await bearer(a.token, 'GET', '/api/users/me')).statusCode).toBe(200);
    const over = await bearer(a.token, 'GET', '/api/users/me');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().error).toMatch(/Limite de 20 chamadas por minuto/);
    expect((await bearer(b.token, 'GET', '/api/users/me')).statusCode).toBe(200);
  });

  it('is documented in the OpenAPI page as a bearer security scheme', async () => {
    const doc = t.app.swagger() as {
      info: { description: string };
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
    };
    expect(doc.components.securitySchemes.tokenApi).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(doc.info.description).toMatch(/Authorization: Bearer ep_/);
    expect(doc.info.description).toMatch(/não criam nem revogam tokens/);
  });

  it('only ti manages tokens', async () => {
    for (const role of ['administrador', 'diretoria', 'equipe'] as const) {
      const res = await client(t, s[role].cookie).get('/api/integrations/tokens');
      expect(res.statusCode, role).toBe(403);
    }
  });
});
