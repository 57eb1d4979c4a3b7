import { can, roleOf } from '@eproto/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

const list = (ids: number[]) =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );

/**
 * Who sees these entries (agenda.changed goes to them only): the gestores (agenda.manage) of
 * the entries' contracts and of `contractIds` (a contract the entry left) or of every
 * contract (contracts.all), and the entries' people and OS teams ("Minha agenda").
 */
export async function agendaAudience(
  db: DbOrTx,
  entryIds: number[],
  contractIds: number[],
): Promise<number[]> {
  const entries = entryIds.length ? list(entryIds) : sql`null`;
  const extra = contractIds.length ? list(contractIds) : sql`null`;
  const rows = await db.execute<{ id: number; role: string; linked: boolean; person: boolean }>(
    sql`select u."id", u."role",
      exists (select 1 from "user_contracts" uc where uc."user_id" = u."id" and (uc."contract_id" in (${extra}) or uc."contract_id" in (select e."contract_id" from "agenda_entries" e where e."id" in (${entries})))) as "linked",
      (exists (select 1 from "agenda_entry_people" p where p."user_id" = u."id" and p."entry_id" in (${entries}))
        or exists (select 1 from "service_orders" so join "service_order_people" sp on sp."service_order_id" = so."id" where sp."user_id" = u."id" and sp."saiu_em" is null and so."agenda_entry_id" in (${entries}))) as "person"
    from "users" u where u."active"`,
  );
  return rows.rows
    .filter((r) => {
      if (r.person) return true;
      const role = roleOf(r.role);
      return can(role, 'agenda.manage') && (r.linked || can(role, 'contracts.all'));
    })
    .map((r) => r.id);
}
