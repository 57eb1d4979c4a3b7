import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { protocolScopeSql, type ScopeUser } from '../access/scope.service.ts';

/** An active person as the team calls read them. */
export type PersonRow = {
  id: number;
  nome: string;
  email: string;
  role: string;
  avatarPath: string | null;
};

const PERSON_COLUMNS = sql`u."id", u."nome", u."email", u."role", u."avatar_path" as "avatarPath"`;

/**
 * "Shares a contract or a board with user `id`": linked to one of their contracts
 * (user_contracts) or participant of a board they participate in or created.
 */
function sharesWith(id: number) {
  return sql`(u."id" = ${id}
    or u."id" in (select a."user_id" from "user_contracts" a
      join "user_contracts" b on b."contract_id" = a."contract_id" where b."user_id" = ${id})
    or u."id" in (select p."user_id" from "board_participants" p where p."board_id" in (
      select bp."board_id" from "board_participants" bp where bp."user_id" = ${id}
      union select bo."id" from "boards" bo where bo."created_by" = ${id})))`;
}

/** Drizzle reads for /team/* and the team Gantt. */
export function createTeamRepo(db: DbOrTx) {
  return {
    /** Active people around `aroundId` (everyone when null), ordered by name. */
    async people(aroundId: number | null): Promise<PersonRow[]> {
      const where = aroundId === null ? sql`true` : sharesWith(aroundId);
      const res = await db.execute<PersonRow>(sql`
        select ${PERSON_COLUMNS} from "users" u
        where u."active" and ${where}
        order by lower(u."nome"), u."id"`);
      return res.rows;
    },

    /** One active person by id, or null. */
    async person(id: number): Promise<PersonRow | null> {
      const res = await db.execute<PersonRow>(sql`
        select ${PERSON_COLUMNS} from "users" u where u."active" and u."id" = ${id}`);
      return res.rows[0] ?? null;
    },

    /** Open (not concluded) tasks per responsável among the tasks the caller sees. */
    async openTaskCounts(u: ScopeUser, userIds: number[]): Promise<Map<number, number>> {
      if (userIds.length === 0) return new Map();
      const scope = protocolScopeSql(u) ?? sql`true`;
      const res = await db.execute<{ id: number; n: number }>(sql`
        select "protocols"."responsavel_id" as "id", count(*)::int as "n" from "protocols"
        where "protocols"."stage" <> 'concluido'
          and "protocols"."responsavel_id" = any(${`{${userIds.join(',')}}`}::int[])
          and ${scope}
        group by "protocols"."responsavel_id"`);
      return new Map(res.rows.map((r) => [r.id, r.n]));
    },
  };
}
