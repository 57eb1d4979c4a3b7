import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ApiTokenScope } from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import { apiTokens, users } from '../../db/schema/index.ts';

const creator = alias(users, 'api_token_creator');

const listColumns = {
  id: apiTokens.id,
  nome: apiTokens.nome,
  prefix: apiTokens.prefix,
  scopes: apiTokens.scopes,
  expiresOn: apiTokens.expiresOn,
  expiresAt: apiTokens.expiresAt,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
  revokedAt: apiTokens.revokedAt,
  userId: users.id,
  userNome: users.nome,
  userEmail: users.email,
  userActive: users.active,
  createdByNome: creator.nome,
};

export type ApiTokenRow = {
  id: number;
  nome: string;
  prefix: string;
  scopes: ApiTokenScope[];
  expiresOn: string | null;
  expiresAt: Date | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  userId: number;
  userNome: string;
  userEmail: string;
  userActive: boolean;
  createdByNome: string | null;
};

/** What the bearer check needs of a token and its person, read by the token's hash. */
export interface ApiTokenAuthRow {
  id: number;
  scopes: ApiTokenScope[];
  /** null: the token never expires (it works until revoked). */
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  userId: number;
  email: string;
  nome: string;
  role: string;
  avatarPath: string | null;
  active: boolean;
}

/** Personal API tokens (the only Drizzle code of the tokens). */
export function createApiTokensRepo(db: DbOrTx) {
  const listed = () =>
    db
      .select(listColumns)
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .leftJoin(creator, eq(creator.id, apiTokens.createdBy));

  return {
    /** The person a token is made for: whether they exist and are active. */
    async person(userId: number): Promise<{ id: number; active: boolean } | undefined> {
      const [row] = await db
        .select({ id: users.id, active: users.active })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** Inserts a token; expires at the midnight after `expiresOn` in `timeZone` (null: never). */
    async insert(v: {
      userId: number;
      nome: string;
      prefix: string;
      tokenHash: string;
      scopes: ApiTokenScope[];
      expiresOn: string | null;
      timeZone: string;
      createdBy: number;
    }): Promise<number> {
      const [row] = await db
        .insert(apiTokens)
        .values({
          userId: v.userId,
          nome: v.nome,
          prefix: v.prefix,
          tokenHash: v.tokenHash,
          scopes: v.scopes,
          expiresOn: v.expiresOn,
          expiresAt:
            v.expiresOn === null
              ? null
              : sql`((${v.expiresOn}::date + 1)::timestamp AT TIME ZONE ${v.timeZone})`,
          createdBy: v.createdBy,
        })
        .returning({ id: apiTokens.id });
      return row!.id;
    },

    async page(offset: number, limit: number): Promise<{ rows: ApiTokenRow[]; total: number }> {
      const rows = await listed()
        .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(apiTokens);
      return { rows, total: total?.n ?? 0 };
    },

    async byId(id: number): Promise<ApiTokenRow | undefined> {
      const [row] = await listed().where(eq(apiTokens.id, id));
      return row;
    },

    /** Revokes a token not yet revoked; false when it was (or does not exist). */
    async revoke(id: number, by: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(apiTokens)
        .set({ revokedAt: at, revokedBy: by })
        .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
        .returning({ id: apiTokens.id });
      return rows.length > 0;
    },

    async forAuth(tokenHash: string): Promise<ApiTokenAuthRow | undefined> {
      const [row] = await db
        .select({
          id: apiTokens.id,
          scopes: apiTokens.scopes,
          expiresAt: apiTokens.expiresAt,
          revokedAt: apiTokens.revokedAt,
          lastUsedAt: apiTokens.lastUsedAt,
          userId: users.id,
          email: users.email,
          nome: users.nome,
          role: users.role,
          avatarPath: users.avatarPath,
          active: users.active,
        })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .where(eq(apiTokens.tokenHash, tokenHash));
      return row;
    },

    /** Notes a use; written at most once a minute per token (the caller checks). */
    async touch(id: number, at: Date): Promise<void> {
      await db
        .update(apiTokens)
        .set({ lastUsedAt: at })
        .where(
          and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, at))),
        );
    },
  };
}
