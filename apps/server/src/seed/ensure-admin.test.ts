import { PASSWORD_MESSAGES } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { users } from '../db/schema/index.ts';
import { createTestApp, login, type TestApp } from '../../test/helpers.ts';
import { ensureAdmin } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ NODE_ENV: 'production' });
});
afterAll(async () => t.close());

const silent = { warn: () => undefined, info: () => undefined, error: () => undefined } as never;

describe('production first account', () => {
  it('does nothing without ADMIN_EMAIL/ADMIN_PASSWORD', async () => {
    await ensureAdmin(
      t.database.db,
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://eproto.test' }),
      silent,
    );
    expect(await t.database.db.select().from(users)).toHaveLength(0);
  });

  it('refuses a weak ADMIN_PASSWORD with the reason in the log and creates nothing', async () => {
    const errors: string[] = [];
    const log = {
      warn: () => undefined,
      info: () => undefined,
      error: (m: string) => errors.push(m),
    };
    for (const weak of [
      'password123',
      'chefe.ti@empresa',
      'senha12345',
      'Eproto@2026',
      'Empresa@2026',
    ]) {
      const config = loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://eproto.test',
        ADMIN_EMAIL: 'Chefe.TI@Empresa.com.br',
        ADMIN_PASSWORD: weak,
      });
      await ensureAdmin(t.database.db, config, log as never);
    }
    expect(await t.database.db.select().from(users)).toHaveLength(0);
    expect(errors).toHaveLength(5);
    expect(errors[0]).toMatch(/^ADMIN_PASSWORD recusada: .+ A conta de TI não foi criada/);
    // Built from the product's name, or the company's (the e-mail domain), and a year.
    expect(errors[3]).toContain(PASSWORD_MESSAGES.organisation);
    expect(errors[4]).toContain(PASSWORD_MESSAGES.organisation);
  });

  it('creates one ti account that can sign in, and only on an empty database', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://eproto.test',
      ADMIN_EMAIL: 'Chefe.TI@Empresa.com.br',
      ADMIN_PASSWORD: 'uma-senha-bem-longa',
    });
    await ensureAdmin(t.database.db, config, silent);
    await ensureAdmin(t.database.db, config, silent);
    const rows = await t.database.db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'chefe.ti@empresa.com.br', role: 'TI' });
    await login(t, 'chefe.ti@empresa.com.br', 'uma-senha-bem-longa');
    await t.database.db.delete(users).where(eq(users.id, rows[0]!.id));
  });
});

describe('demo mode', () => {
  it('is never on in production, even when DEMO_MODE says so', () => {
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://eproto.test', DEMO_MODE: 'true' })
        .demoMode,
    ).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).demoMode).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DEMO_MODE: 'false' }).demoMode).toBe(false);
  });
});
