import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailureAlerts } from '../../db/schema/index.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import { createTestApp, createUser, type TestApp } from '../../../test/helpers.ts';
import { createLoginAlerts } from './login-alert.ts';
import { LOGIN_LIMITS } from './login-throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('login failure alert', () => {
  it('keeps the window open when the e-mail cannot be queued, so the next failure mails', async () => {
    const owner = await createUser(t, { role: 'Gerente' });
    const sent: Mail[] = [];
    let down = true;
    const mailer: Mailer = async (mail, opts) => {
      if (down) throw new Error('fila indisponível');
      // Queued in the claim's own transaction.
      expect(opts?.tx).toBeDefined();
      sent.push(mail);
    };
    const alerts = createLoginAlerts({ database: t.database, config: t.config, mailer });
    const failures = LOGIN_LIMITS.accountFreeFailures;
    const now = new Date();

    await expect(alerts.afterFailure(owner.email, failures, now)).rejects.toThrow(
      'fila indisponível',
    );
    // The claim went back with the failed enqueue: nothing says the owner was told.
    const claimed = await t.database.db
      .select()
      .from(loginFailureAlerts)
      .where(eq(loginFailureAlerts.email, owner.email));
    expect(claimed).toEqual([]);

    down = false;
    await alerts.afterFailure(owner.email, failures + 1, new Date(now.getTime() + 1000));
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      [owner.email, 'E-Proto: tentativas de acesso à sua conta'],
    ]);
    // Once told, the rest of the window stays quiet.
    await alerts.afterFailure(owner.email, failures + 2, new Date(now.getTime() + 2000));
    expect(sent).toHaveLength(1);
  });
});
