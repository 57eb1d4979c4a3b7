import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { listSearch } from '../../db/search-match.ts';

/** A condition on "users" that narrows who a list shows (access/scope.repo.ts peopleScopeSql). */
export type PeopleScope = SQL | undefined;

/** People as the pickers and avatars read them (the only Drizzle code of the users module). */
export function createUsersRepo(db: DbOrTx) {
  return {
    /**
     * Active people by name, case-insensitive; with `q`, those whose name or e-mail has it;
     * within `scope` (a condition on "users", peopleScopeSql) when given.
     */
    listActive(q?: string, scope?: PeopleScope) {
      return db
        .select({ id: users.id, nome: users.nome, email: users.email, role: users.role })
        .from(users)
        .where(and(eq(users.active, true), listSearch(q, [users.searchText]), scope))
        .orderBy(asc(sql`lower(${users.nome})`));
    },

    async byId(id: number) {
      const [row] = await db
        .select({ id: users.id, nome: users.nome, role: users.role, active: users.active })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row;
    },

    async avatarPath(id: number): Promise<string | null> {
      const [row] = await db
        .select({ avatarPath: users.avatarPath })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row?.avatarPath ?? null;
    },
  };
}
