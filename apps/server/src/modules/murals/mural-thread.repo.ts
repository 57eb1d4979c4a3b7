import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { muralAttachments, muralHistory, muralMessages, users } from '../../db/schema/index.ts';
import { userRefColumns } from '../access/user-ref.repo.ts';
import { threadView } from '../work-items/work-items.repo.ts';

/** The thread tables of a demand (messages, attachments, history), keyed by `muralId`. */
export const muralThreadTables = threadView(
  { messages: muralMessages, attachments: muralAttachments, history: muralHistory },
  'muralId',
);

/**
 * Active people linked to the demand (responsável, creator, participants, board participants,
 * users of its contract, task responsáveis), by name, as UserRef rows.
 */
export async function muralMentionableRows(db: DbOrTx, muralId: number) {
  return db
    .select(userRefColumns)
    .from(users)
    .where(
      sql`${users.active} and ${users.id} in (
        select m."responsavel_id" from "murals" m where m."id" = ${muralId}
        union select m."created_by" from "murals" m where m."id" = ${muralId}
        union select "user_id" from "mural_participants" where "mural_id" = ${muralId}
        union select bp."user_id" from "board_participants" bp join "murals" m on m."board_id" = bp."board_id" where m."id" = ${muralId}
        union select uc."user_id" from "user_contracts" uc join "murals" m on m."contract_id" = uc."contract_id" where m."id" = ${muralId}
        union select "responsavel_id" from "protocols" where "mural_id" = ${muralId})`,
    )
    .orderBy(users.nome);
}
