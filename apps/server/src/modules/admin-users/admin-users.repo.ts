import { and, asc, count, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AdminContractRef, Role } from '@eproto/domain';
import { anonymizedName, roleOf } from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import {
  apiTokens,
  authTokens,
  calendarFeeds,
  contracts,
  emailOutbox,
  loginAttempts,
  pushSubscriptions,
  userContracts,
  users,
} from '../../db/schema/index.ts';
import { queryAll } from '../../db/query-all.ts';
import { listSearch } from '../../db/search-match.ts';
import { searchText } from '../../db/search-text.ts';

export type UserRow = typeof users.$inferSelect;

export interface UserListFilter {
  search?: string;
  status: 'ativos' | 'inativos' | 'todos';
  role?: Role;
  page: number;
  perPage: number;
}

/** Users as seen by the administration screens (the only Drizzle code of this module). */
export function createAdminUsersRepo(db: DbOrTx) {
  return {
    async list(f: UserListFilter) {
      const where: SQL[] = [];
      // Name and e-mail (the indexed search_text), or the role's title.
      const text = listSearch(f.search, [users.searchText, searchText(users.role)]);
      if (text) where.push(text);
      if (f.status !== 'todos') where.push(eq(users.active, f.status === 'ativos'));
      const order = [asc(sql`lower(${users.nome})`), asc(users.id)];
      if (!f.role) {
        const [rows, [counted]] = await queryAll(db, [
          () =>
            db
              .select()
              .from(users)
              .where(and(...where))
              .orderBy(...order)
              .limit(f.perPage)
              .offset((f.page - 1) * f.perPage),
          () =>
            db
              .select({ n: count() })
              .from(users)
              .where(and(...where)),
        ]);
        return { rows, total: counted?.n ?? 0 };
      }
      // Role titles are free text; the canonical role is computed the same way as everywhere.
      const all = await db
        .select()
        .from(users)
        .where(and(...where))
        .orderBy(...order);
      const matching = all.filter((r) => roleOf(r.role) === f.role);
      const start = (f.page - 1) * f.perPage;
      return { rows: matching.slice(start, start + f.perPage), total: matching.length };
    },

    async byId(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async update(
      id: number,
      v: Partial<
        Pick<UserRow, 'nome' | 'role' | 'active' | 'cpf' | 'matricula' | 'funcao' | 'admissao'>
      >,
    ) {
      const [row] = await db
        .update(users)
        .set({ ...v, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row!;
    },

    /** The account under this transaction's lock (anonymisation re-checks it is inactive). */
    async lockById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
      return row;
    },

    /**
     * LGPD anonymisation of a locked, inactive account: name, e-mail, CPF, avatar, password and
     * preferences go; push devices, the calendar feed, sign-in attempts and kept e-mails to the
     * old address are deleted, API tokens and one-time links revoked. Every record that refers
     * to the person by id (EPI, SST, OS, activity log) stays and now shows the new name.
     */
    async anonymize(u: UserRow) {
      const now = new Date();
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, u.id));
      await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, u.id));
      await db
        .update(apiTokens)
        .set({ revokedAt: now })
        .where(and(eq(apiTokens.userId, u.id), isNull(apiTokens.revokedAt)));
      await db
        .update(authTokens)
        .set({ revokedAt: now })
        .where(
          and(eq(authTokens.userId, u.id), isNull(authTokens.usedAt), isNull(authTokens.revokedAt)),
        );
      await db.delete(loginAttempts).where(sql`lower(${loginAttempts.email}) = lower(${u.email})`);
      await db.delete(emailOutbox).where(sql`lower(${emailOutbox.to}) = lower(${u.email})`);
      const [row] = await db
        .update(users)
        .set({
          nome: anonymizedName(u.id),
          // The column is unique and required: an address that can never receive mail (RFC 2606).
          email: `anonimizado-${u.id}@eproto.invalid`,
          cpf: null,
          avatarPath: null,
          passwordHash: null,
          notificationPrefs: {},
          active: false,
          anonymizedAt: now,
          updatedAt: now,
        })
        .where(eq(users.id, u.id))
        .returning();
      return row!;
    },

    /** Another person already holds this CPF. */
    async cpfTaken(cpf: string, exceptId: number) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.cpf, cpf), ne(users.id, exceptId)))
        .limit(1);
      return !!row;
    },

    /** Contracts linked to each user. */
    async contractsOf(userIds: number[]): Promise<Map<number, AdminContractRef[]>> {
      const out = new Map<number, AdminContractRef[]>();
      if (userIds.length === 0) return out;
      const rows = await db
        .select({
          userId: userContracts.userId,
          id: contracts.id,
          codigo: contracts.codigo,
          nome: contracts.nome,
        })
        .from(userContracts)
        .innerJoin(contracts, eq(contracts.id, userContracts.contractId))
        .where(inArray(userContracts.userId, userIds))
        .orderBy(asc(contracts.codigo));
      for (const { userId, ...c } of rows) {
        const list = out.get(userId) ?? [];
        list.push(c);
        out.set(userId, list);
      }
      return out;
    },
  };
}
