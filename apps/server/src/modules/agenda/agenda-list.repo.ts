import { and, sql, type SQL } from 'drizzle-orm';
import { agendaEntries } from '../../db/schema/index.ts';

const participantWhere = (userId: number) =>
  sql`${agendaEntries.id} in (select p."entry_id" from "agenda_entry_people" p where p."user_id" = ${userId})`;

/**
 * The agenda's WHERE: entries of `contractIds` (a gestor's contracts; 'all' for every one),
 * of one person and/or one contract.
 */
export function agendaListWhere(
  contractIds: number[] | 'all',
  f: { pessoaId?: number | undefined; contractId?: number | undefined },
): SQL | undefined {
  const where: (SQL | undefined)[] = [
    contractIds === 'all'
      ? undefined
      : contractIds.length === 0
        ? sql`false`
        : sql`${agendaEntries.contractId} in (${sql.join(
            contractIds.map((i) => sql`${i}`),
            sql`, `,
          )})`,
  ];
  if (f.pessoaId) where.push(participantWhere(f.pessoaId));
  if (f.contractId) where.push(sql`${agendaEntries.contractId} = ${f.contractId}`);
  return and(...where);
}

/**
 * Entries of a person: theirs, or whose live OS has them on its team (a helper added to the
 * OS later, or an OS whose team differs from the entry's).
 */
export const agendaMineWhere = (userId: number) =>
  sql`(${participantWhere(userId)} or ${agendaEntries.id} in (select so."agenda_entry_id" from "service_orders" so join "service_order_people" sp on sp."service_order_id" = so.id where sp."user_id" = ${userId} and sp."saiu_em" is null and so."status" <> 'cancelada' and so."agenda_entry_id" is not null))`;

/** `where` narrowed to the entries changed since `since`, or whose OS changed. */
export function agendaChangedSince(where: SQL | undefined, since: string): SQL | undefined {
  const at = new Date(since).toISOString();
  return and(
    where,
    sql`(${agendaEntries.updatedAt} > ${at}::timestamptz or exists (select 1 from "service_orders" so where so."agenda_entry_id" = ${agendaEntries.id} and so."updated_at" > ${at}::timestamptz))`,
  );
}
