import { isValidCnpj, isValidCpf } from '@eproto/domain';
import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySettings, users } from '../../db/schema/index.ts';
import { seedDemoUsers } from '../../seed/demo-users.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { seedCompany } from './company.seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.transaction(async (tx) => {
    const people = await seedDemoUsers(tx, 'x');
    await seedCompany({ tx, people, shared: {} });
  });
});
afterAll(async () => t.close());

describe('company demo data', () => {
  it('has the employer with a valid CNPJ and field staff with valid CPFs and a record', async () => {
    const [company] = await t.database.db.select().from(companySettings);
    expect(company!.nome).toBe('E-Proto Serviços de Campo Ltda.');
    expect(isValidCnpj(company!.cnpj)).toBe(true);
    const staff = await t.database.db.select().from(users).where(isNotNull(users.cpf));
    expect(staff.length).toBeGreaterThanOrEqual(5);
    for (const u of staff) {
      expect(isValidCpf(u.cpf!), u.nome).toBe(true);
      expect(u.matricula && u.funcao && u.admissao, u.nome).toBeTruthy();
    }
    expect(new Set(staff.map((u) => u.cpf)).size).toBe(staff.length);
  });
});
