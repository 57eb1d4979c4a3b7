import type { FeedSource } from '@eproto/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { muralScopeSqlAs, protocolScopeSql, type ScopeUser } from '../access/scope.service.ts';

/** One history event of a demand or a task, with its context. */
export type FeedRow = {
  source: FeedSource;
  id: number;
  action: string;
  texto: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
  /** created_at in UTC with microseconds, for the keyset cursor. */
  at: string;
  authorId: number | null;
  authorNome: string | null;
  authorAvatarPath: string | null;
  muralId: number;
  muralTitulo: string;
  protocolId: number | null;
  protocolTitulo: string | null;
};

const AT = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Reads the union of mural_history and protocol_history the caller may see. */
export function createFeedRepo(db: DbOrTx) {
  return {
    async page(
      u: ScopeUser,
      o: {
        limit: number;
        after?: { createdAt: string; source: FeedSource; id: number };
        muralId?: number;
        /** Only events at or after this instant (ISO): what came since a cursor. */
        since?: string;
      },
    ): Promise<FeedRow[]> {
      // Keyset on (created_at, source, id) descending, applied inside each branch. Events dated
      // in the future (imported or mistyped) wait until their time comes.
      const before = (alias: string, source: FeedSource) =>
        o.after
          ? sql`and (${sql.raw(`${alias}."created_at"`)}, ${source}::text, ${sql.raw(`${alias}."id"`)})
              < (${o.after.createdAt}::timestamptz, ${o.after.source}::text, ${o.after.id})`
          : sql``;
      const muralScope = muralScopeSqlAs(u, 'fm') ?? sql`true`;
      const taskScope = protocolScopeSql(u) ?? sql`true`;
      const onMural = (col: string) =>
        o.muralId ? sql`and ${sql.raw(col)} = ${o.muralId}` : sql``;
      const since = (alias: string) =>
        o.since ? sql`and ${sql.raw(`${alias}."created_at"`)} >= ${o.since}::timestamptz` : sql``;
      const res = await db.execute<FeedRow>(sql`
        select e.*, fu."nome" as "authorNome", fu."avatar_path" as "authorAvatarPath" from (
          (select 'mural'::text as "source", mh."id", mh."action", mh."texto", mh."before", mh."after",
            mh."created_at" as "createdAt", ${AT(sql`mh."created_at"`)} as "at",
            mh."author_id" as "authorId", fm."id" as "muralId", fm."titulo" as "muralTitulo",
            null::int as "protocolId", null::text as "protocolTitulo"
          from "mural_history" mh join "murals" fm on fm."id" = mh."mural_id"
          where mh."created_at" <= now() and ${muralScope} ${onMural('fm."id"')}
            ${before('mh', 'mural')} ${since('mh')}
          order by mh."created_at" desc, mh."id" desc limit ${o.limit})
          union all
          (select 'task'::text, ph."id", ph."action", ph."texto", ph."before", ph."after",
            ph."created_at", ${AT(sql`ph."created_at"`)},
            ph."author_id", pm2."id", pm2."titulo", "protocols"."id", "protocols"."titulo"
          from "protocol_history" ph
          join "protocols" on "protocols"."id" = ph."protocol_id"
          join "murals" pm2 on pm2."id" = "protocols"."mural_id"
          where ph."created_at" <= now() and ${taskScope} ${onMural('pm2."id"')}
            ${before('ph', 'task')} ${since('ph')}
          order by ph."created_at" desc, ph."id" desc limit ${o.limit})
        ) e
        left join "users" fu on fu."id" = e."authorId"
        order by e."createdAt" desc, e."source" desc, e."id" desc
        limit ${o.limit}`);
      return res.rows;
    },
  };
}
