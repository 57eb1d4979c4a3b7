import {
  can,
  daysBetweenDates,
  type FieldAlert,
  formatDateBr,
  roleOf,
  SST_ALERT_DAYS,
  SST_WARN_DAYS,
  todayIn,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { currentItems, type ExpiringItem } from './sst-data.ts';
import { createSstRepo } from './sst.repo.ts';

const LINK = '/tatico/epi?aba=sst';

/** The threshold (30, 15, 0) an item with `left` days reached, or null when not yet. */
export function thresholdOf(left: number): number | null {
  const hit = SST_ALERT_DAYS.filter((d) => left <= d);
  return hit.length ? Math.min(...hit) : null;
}

/** The alert sentence of an item on a day. */
export function alertText(i: Pick<ExpiringItem, 'rotulo' | 'nome' | 'validade'>, today: string) {
  const left = daysBetweenDates(today, i.validade);
  const what = `${i.rotulo} de ${i.nome}`;
  if (left < 0) return `${what} venceu em ${formatDateBr(i.validade)}.`;
  if (left === 0) return `${what} vence hoje (${formatDateBr(i.validade)}).`;
  return `${what} vence em ${formatDateBr(i.validade)} (${left === 1 ? '1 dia' : `${left} dias`}).`;
}

/**
 * SST expiry alerts: the list the screens and the assistant show (30 days ahead and expired),
 * and the bell at 30, 15 and 0 days, one notification per item, threshold and person however
 * many nodes run it (the sst_alert_log primary key decides).
 */
export function createSstAlerts(
  deps: Pick<ServiceDeps, 'database' | 'config' | 'events' | 'notifications'>,
) {
  const db = deps.database.db;
  const notifications = deps.notifications;

  async function gestores(): Promise<number[]> {
    const rows = await createSstRepo(db).activeUserRoles();
    return rows.filter((r) => can(roleOf(r.role), 'field.alerts')).map((r) => r.id);
  }

  return {
    async all(now = new Date()): Promise<FieldAlert[]> {
      const today = todayIn(deps.config.COMPANY_TIME_ZONE, now);
      const { items } = await currentItems(db);
      return items
        .filter((i) => daysBetweenDates(today, i.validade) <= SST_WARN_DAYS)
        .sort((a, b) => a.validade.localeCompare(b.validade))
        .map((i) => ({
          key: `sst:${i.key}`,
          kind: 'sst',
          severity: i.validade < today ? ('vencido' as const) : ('proximo' as const),
          texto: alertText(i, today),
          ref_id: i.userId,
        }));
    },

    /** One pass; returns how many notifications were created. */
    async notifyDue(now = new Date()): Promise<number> {
      const today = todayIn(deps.config.COMPANY_TIME_ZONE, now);
      const [{ items }, managers] = await Promise.all([currentItems(db), gestores()]);
      let sent = 0;
      for (const i of items) {
        const t = thresholdOf(daysBetweenDates(today, i.validade));
        if (t === null) continue;
        const key = `sst:${i.key}:${t}`;
        const targets = [...new Set([...managers, i.userId])];
        const fresh = await createSstRepo(db).logAlert(key, targets);
        if (fresh.length === 0) continue;
        await notifications.notify({
          userIds: fresh,
          type: 'other',
          customText: alertText(i, today),
          link: LINK,
        });
        sent += fresh.length;
      }
      return sent;
    },

    /**
     * The job ('sst-alerts' in jobs/registry.ts): the queue runs it on one node at a time, and
     * the alert log's primary key keeps each alert single even when passes overlap.
     */
    async runOnce(now = new Date()): Promise<number> {
      return this.notifyDue(now);
    },
  };
}
