import { sql, type SQL } from 'drizzle-orm';

/**
 * How many due dates of preventive plans are overdue for the assets `assetWhere` names (a
 * condition on `o`, the plan_occurrences row), by the same rule as `occurrenceState` in
 * modules/assets/assets-plans.service.ts: the OS was cancelled (skipped), or there is no OS and
 * the day passed, or the OS is neither concluded nor cancelled and its planned end passed.
 * Shared by the asset list and the contract list (docs/assets.md, "Overdue").
 */
export function overdueCountSql(assetWhere: SQL, now: Date, today: string): SQL<number> {
  return sql<number>`(select count(*)::int from "plan_occurrences" o
    left join "service_orders" s on s."id" = o."service_order_id"
    where ${assetWhere} and (
      s."status" = 'cancelada'
      or (s."id" is null and o."dia" < ${today}::date)
      or (s."status" not in ('concluida', 'cancelada') and s."previsto_fim" < ${now.toISOString()}::timestamptz)
    ))`;
}
