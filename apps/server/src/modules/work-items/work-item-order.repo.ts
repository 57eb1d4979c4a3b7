import { sql, type SQL } from 'drizzle-orm';
import type { murals, protocols } from '../../db/schema/index.ts';

/**
 * ORDER BY of a demand or task list for `sort` ('campo' or '-campo'): priority and stage by
 * their rank, empty values last, ties newest id first; an unknown field sorts by `fallback`.
 */
export function workItemOrder(
  t: typeof murals | typeof protocols,
  sort: string,
  fallback: 'updated_at' | 'fim_previsto',
): SQL[] {
  const columns: Record<string, SQL> = {
    titulo: sql`${t.titulo}`,
    prioridade: sql`case ${t.prioridade} when 'urgente' then 4 when 'alta' then 3 when 'media' then 2 else 1 end`,
    stage: sql`case ${t.stage} when 'a_fazer' then 1 when 'em_andamento' then 2 when 'em_revisao' then 3 else 4 end`,
    inicio_previsto: sql`${t.inicioPrevisto}`,
    fim_previsto: sql`${t.fimPrevisto}`,
    created_at: sql`${t.createdAt}`,
    updated_at: sql`${t.updatedAt}`,
  };
  const desc = sort.startsWith('-');
  const col = columns[desc ? sort.slice(1) : sort] ?? columns[fallback]!;
  return [sql`${col} ${desc ? sql`desc` : sql`asc`} nulls last`, sql`${t.id} desc`];
}
