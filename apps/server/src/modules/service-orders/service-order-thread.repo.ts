import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  serviceOrderAttachments,
  serviceOrderHistory,
  serviceOrderMessages,
  users,
} from '../../db/schema/index.ts';
import { userRefColumns } from '../access/user-ref.repo.ts';
import { threadView } from '../work-items/work-items.repo.ts';

/** The thread tables of an OS (messages, attachments, history), keyed by `serviceOrderId`. */
export const osThreadTables = threadView(
  {
    messages: serviceOrderMessages,
    attachments: serviceOrderAttachments,
    history: serviceOrderHistory,
  },
  'serviceOrderId',
);

/**
 * Active people of the OS's current team or linked to its contract, by name, as UserRef rows
 * with `onTeam`.
 */
export async function osMentionableRows(db: DbOrTx, osId: number) {
  return db
    .select({
      ...userRefColumns,
      onTeam: sql<boolean>`${users.id} in (select p."user_id" from "service_order_people" p where p."service_order_id" = ${osId} and p."saiu_em" is null)`,
    })
    .from(users)
    .where(
      sql`${users.active} and ${users.id} in (
        select p."user_id" from "service_order_people" p where p."service_order_id" = ${osId} and p."saiu_em" is null
        union select uc."user_id" from "user_contracts" uc join "service_orders" o on o."contract_id" = uc."contract_id" where o."id" = ${osId})`,
    )
    .orderBy(users.nome);
}
