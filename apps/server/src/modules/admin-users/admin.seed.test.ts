import { eq } from 'drizzle-orm';
import { inviteStatus } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLog,
  authTokens,
  supportTicketEvents,
  supportTickets,
} from '../../db/schema/index.ts';
import { seedDemoUsers } from '../../seed/demo-users.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { seedAdministration } from './admin.seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.transaction(async (tx) => {
    const people = await seedDemoUsers(tx, 'x');
    await seedAdministration({ tx, people, shared: {} });
  });
});
afterAll(async () => t.close());

describe('administration demo data', () => {
  it('has pending invitations (and an expired and a revoked one)', async () => {
    const rows = await t.database.db.select().from(authTokens).where(eq(authTokens.kind, 'invite'));
    const statuses = rows.map((r) => inviteStatus(r));
    expect(statuses.filter((s) => s === 'pendente').length).toBeGreaterThanOrEqual(3);
    expect(statuses).toContain('expirado');
    expect(statuses).toContain('revogado');
  });

  it('has tickets in every state, resolved ones with their history', async () => {
    const tickets = await t.database.db.select().from(supportTickets);
    expect(new Set(tickets.map((x) => x.status))).toEqual(
      new Set(['aberto', 'em_atendimento', 'resolvido']),
    );
    const events = await t.database.db.select().from(supportTicketEvents);
    for (const ticket of tickets.filter((x) => x.status !== 'aberto')) {
      expect(
        events.filter((e) => e.ticketId === ticket.id && e.status === ticket.status),
      ).toHaveLength(1);
    }
  });

  it('has an activity history of sign-ins, failures, sign-outs and writes', async () => {
    const rows = await t.database.db.select().from(activityLog);
    const actions = new Set(rows.map((r) => r.action));
    for (const a of ['login', 'login_failed', 'logout', 'POST /api/invites'])
      expect(actions).toContain(a);
  });
});
