import { rolesWith, ROLES } from '@eproto/domain';
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

describe('/api/empresa', () => {
  it('starts empty, ti saves name and CNPJ (typed with punctuation, stored as digits)', async () => {
    const ti = client(t, s.ti.cookie);
    expect((await ti.get('/api/empresa')).json()).toEqual({ empresa: null });
    const res = await ti.put('/api/empresa', {
      nome: '  Serviços de Campo Ltda. ',
      cnpj: '11.222.333/0001-81',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      nome: 'Serviços de Campo Ltda.',
      cnpj: '11222333000181',
      cnpj_formatado: '11.222.333/0001-81',
    });
    const again = await client(t, s.diretoria.cookie).put('/api/empresa', {
      nome: 'Serviços de Campo S.A.',
      cnpj: '11222333000181',
    });
    expect(again.statusCode).toBe(200);
    expect((await client(t, s.equipe.cookie).get('/api/empresa')).json().empresa).toMatchObject({
      nome: 'Serviços de Campo S.A.',
    });
  });

  it('refuses a bad CNPJ or name with a Portuguese 400 and keeps the saved one', async () => {
    const ti = client(t, s.ti.cookie);
    const cases: Array<[unknown, RegExp]> = [
      [{ nome: 'Empresa X', cnpj: '11.222.333/0001-82' }, /CNPJ inválido/],
      [{ nome: 'Empresa X', cnpj: '11111111111111' }, /CNPJ inválido/],
      [{ nome: 'Empresa X', cnpj: '1122233300018' }, /CNPJ inválido/],
      [{ nome: 'Empresa X', cnpj: '11.222.333/0001-81a' }, /CNPJ inválido/],
      [{ nome: 'Empresa X' }, /CNPJ/],
      [{ nome: 'E\u0000X', cnpj: '11222333000181' }, /caractere inválido/],
      [{ nome: ' ', cnpj: '11222333000181' }, /nome da empresa/],
      [{ nome: 2 ** 31, cnpj: '11222333000181' }, /nome da empresa/],
    ];
    const before = (await ti.get('/api/empresa')).json();
    for (const [body, msg] of cases) {
      const res = await ti.put('/api/empresa', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toMatch(msg);
    }
    expect((await ti.get('/api/empresa')).json()).toEqual(before);
  });

  it('only ti and diretoria may edit (every role); everyone signed in may read', async () => {
    for (const role of ROLES) {
      const c = client(t, s[role].cookie);
      const put = await c.put('/api/empresa', { nome: `Empresa ${role}`, cnpj: '11222333000181' });
      expect(put.statusCode, role).toBe(rolesWith('company.edit').includes(role) ? 200 : 403);
      expect((await c.get('/api/empresa')).statusCode).toBe(200);
    }
    const anon = await t.app.inject({ method: 'GET', url: '/api/empresa' });
    expect(anon.statusCode).toBe(401);
  });
});
