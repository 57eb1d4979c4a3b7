import { can, type FieldAlert, roleOf, todayIn } from '@eproto/domain';
import { eq, sql } from 'drizzle-orm';
import type { ServiceDeps } from '../deps.ts';
import { fieldAlertLog, users } from '../db/schema/index.ts';
import type { EpiService } from '../modules/epi/epi.service.ts';
import type { FleetService } from '../modules/fleet/fleet.service.ts';
import type { InventoryService } from '../modules/inventory/inventory.service.ts';

/** The screen where an alert is handled (what the bell opens). */
function alertLink(kind: string): string {
  if (kind === 'troca_epi') return '/tatico/epi';
  if (kind.endsWith('_epi')) return '/tatico/epi?aba=catalogo';
  if (kind === 'estoque_minimo') return '/tatico/frota?aba=inventario';
  return '/tatico/frota';
}

/**
 * Sends today's fleet, inventory and EPI alerts as "other" notifications, once per alert,
 * person and company day (the field_alert_log primary key decides, so several nodes or runs
 * never duplicate). Replacement alerts also reach the employee who holds the EPI.
 */
export function createFieldAlertsService(
  deps: ServiceDeps,
  { fleet, inventory, epi }: { fleet: FleetService; inventory: InventoryService; epi: EpiService },
) {
  const db = deps.database.db;
  const notifications = deps.notifications;
  const sources = [fleet, inventory, epi];

  async function recipients(): Promise<number[]> {
    const rows = await db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.active, true));
    return rows.filter((r) => can(roleOf(r.role), 'field.alerts')).map((r) => r.id);
  }

  return {
    async all(): Promise<FieldAlert[]> {
      return (await Promise.all(sources.map((s) => s.alerts()))).flat();
    },

    /** One pass; returns how many notifications were created. */
    async notifyDue(now = new Date()): Promise<number> {
      const day = todayIn(deps.config.COMPANY_TIME_ZONE, now);
      const [alerts, gestores] = await Promise.all([this.all(), recipients()]);
      let sent = 0;
      for (const alert of alerts) {
        const targets = new Set(gestores);
        if (alert.kind === 'troca_epi') targets.add(alert.ref_id);
        if (targets.size === 0) continue;
        const fresh = await db
          .insert(fieldAlertLog)
          .values([...targets].map((userId) => ({ alertKey: alert.key, userId, day })))
          .onConflictDoNothing()
          .returning({ userId: fieldAlertLog.userId });
        if (fresh.length === 0) continue;
        await notifications.notify({
          userIds: fresh.map((f) => f.userId),
          type: 'other',
          customText: alert.texto,
          link: alertLink(alert.kind),
        });
        sent += fresh.length;
      }
      return sent;
    },

    /**
     * The job ('field-alerts' in jobs/registry.ts): the queue runs it on one node at a time,
     * and the log's primary key keeps each alert single even when passes overlap.
     */
    async runOnce(now = new Date()): Promise<number> {
      return this.notifyDue(now);
    },

    /** Rows of the log older than a month are no longer needed. */
    async prune() {
      await db.delete(fieldAlertLog).where(sql`${fieldAlertLog.day} < current_date - 31`);
    },
  };
}
