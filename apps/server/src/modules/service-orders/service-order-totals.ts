import type { DbOrTx } from '../../db/client.ts';
import { queryAll } from '../../db/query-all.ts';
import { createServiceOrdersRepo } from './service-orders.repo.ts';

/** Hours and materials of one OS, as the list, the export and the OS page show them. */
export interface OsTotals {
  /** Minutes worked, every team period added up. */
  minutos: number;
  /** Minutes of each team period (service_order_people.id), for the team tab and the PDF. */
  porPeriodo: Map<number, number>;
  materiais: number;
  custo: { materiais: number; sem_custo: number };
}

const EMPTY = (): OsTotals => ({
  minutos: 0,
  porPeriodo: new Map(),
  materiais: 0,
  custo: { materiais: 0, sem_custo: 0 },
});

/**
 * Totals of OSs in two SQL aggregations whatever their number (a page, an export of 5,000):
 * the minutes worked (`teamMinutes`, the one rule of hours) and the materials with their kept
 * unit cost (`materialTotals`). An OS without either gets zeros.
 */
export async function loadTotals(
  db: DbOrTx,
  osIds: number[],
  now: Date,
): Promise<Map<number, OsTotals>> {
  const repo = createServiceOrdersRepo(db);
  const [minutes, materials] = await queryAll(db, [
    () => repo.teamMinutes(osIds, now),
    () => repo.materialTotals(osIds),
  ]);
  const out = new Map(osIds.map((id) => [id, EMPTY()]));
  for (const m of minutes) {
    const t = out.get(Number(m.os_id));
    if (!t) continue;
    t.minutos += Number(m.minutos);
    t.porPeriodo.set(Number(m.team_id), Number(m.minutos));
  }
  for (const m of materials) {
    const t = out.get(m.osId);
    if (!t) continue;
    t.materiais = m.n;
    t.custo = { materiais: Number(m.custo), sem_custo: m.semCusto };
  }
  return out;
}

/** The totals of one OS (its page). */
export async function totalsOf(db: DbOrTx, osId: number, now: Date): Promise<OsTotals> {
  return (await loadTotals(db, [osId], now)).get(osId) ?? EMPTY();
}
