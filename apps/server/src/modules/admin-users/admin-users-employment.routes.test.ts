import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  spa,
  userWithSession,
  type TestApp,
} from '../../../test/helpers.ts';

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (await userWithSession(t, 'Administrador')).cookie;
});
afterAll(async () => t.close());

const patch = (id: number, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/users/${id}`,
    headers: { ...spa, cookie: adminCookie },
    payload,
  });

describe('employment record in /users (CPF, matrícula, função, admissão)', () => {
  it('saves the fields, a later partial edit keeps the others, blank clears one', async () => {
    const u = await createUser(t, { role: 'Equipe de Campo', nome: 'Técnica Registro' });
    const res = await patch(u.id, {
      cpf: '529.982.247-25',
      matricula: ' CAMPO-0107 ',
      funcao: 'Eletricista',
      admissao: '2024-02-29',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      cpf: '52998224725',
      matricula: 'CAMPO-0107',
      funcao: 'Eletricista',
      admissao: '2024-02-29',
    });
    const partial = await patch(u.id, { funcao: 'Eletricista líder', matricula: '' });
    expect(partial.json()).toMatchObject({
      cpf: '52998224725',
      matricula: null,
      funcao: 'Eletricista líder',
      admissao: '2024-02-29',
    });
  });

  it('refuses a bad CPF, an impossible date and hostile values with 400; a taken CPF with 409', async () => {
    const a = await createUser(t, { role: 'Equipe de Campo' });
    const b = await createUser(t, { role: 'Equipe de Campo' });
    expect((await patch(a.id, { cpf: '111.444.777-35' })).statusCode).toBe(200);
    const cases: Array<[object, RegExp]> = [
      [{ cpf: '111.444.777-36' }, /CPF inválido/],
      [{ cpf: '111.111.111-11' }, /CPF inválido/],
      [{ cpf: '1114447773' }, /CPF inválido/],
      [{ cpf: 'abc11144477735' }, /CPF inválido/],
      [{ cpf: '111\u0000444' }, /caractere inválido/],
      [{ cpf: 2 ** 31 }, /CPF inválido/],
      [{ admissao: '2023-02-29' }, /admissão/],
      [{ admissao: '29/02/2024' }, /admissão/],
      [{ matricula: 'x'.repeat(41) }, /matrícula/],
      [{ funcao: 'Téc\u0000nico' }, /caractere inválido/],
      [{ funcao: -1 }, /funcao/],
    ];
    for (const [body, msg] of cases) {
      const res = await patch(b.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toMatch(msg);
    }
    const taken = await patch(b.id, { cpf: '11144477735' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      field: 'cpf',
      error: 'Este CPF já está cadastrado para outra pessoa.',
    });
  });
});
