import {
  idSetHash,
  muralSummaryResponse,
  todayIn,
  type MuralBoardChanges,
  type MuralCounts,
  type MuralPageChanges,
  type muralSummaryQuery,
  type MuralSummary,
} from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { nextSyncCursor } from '../../lib/sync-cursor.ts';
import { gzippedAnswerOf, type CachedAnswer } from '../../lib/read-cache.ts';
import { muralScopeSql, type ScopeUser } from '../access/scope.service.ts';
import { isUnread, toSummary } from './mural-mapper.ts';
import type { DemandListTotals } from './murals-cache.ts';
import { createMuralsRepo, muralListOrder as orderBy, muralListWhere } from './murals.repo.ts';
import {
  cardText,
  CardTextCache,
  joinPlaced,
  placeCards,
  pageEtag,
  parsePageKeys,
  Scratch,
  unreadFor,
  type CardText,
} from './summary-cards.ts';
import { UserViewsCache } from './user-views.ts';

/**
 * Default budget of kept summary cards per node: ~560 bytes of JSON and ~250 of overhead each,
 * so 16 MiB holds ~20,000 cards (the 10x company's board of 5,000 four times over).
 */
export const SUMMARY_CARD_BYTES = 16 * 1_048_576;

/** Memory of one kept demand view (a Map entry: demand id and a heap number), in bytes. */
export const USER_VIEW_BYTES = 64;
/**
 * Default budget of kept demand views per node, all people together: 12 MiB (~196,000 views);
 * one person can have at most one per demand (50,000 in the 10x company).
 */
export const USER_VIEW_ENTRIES = Math.floor((12 * 1_048_576) / USER_VIEW_BYTES);

type SummaryQuery = z.output<typeof muralSummaryQuery>;

/** Most changed cards one GET /summary/changes answers (a board page's size). */
const BOARD_CHANGES_MAX = 1000;

/** Monday and Sunday (YYYY-MM-DD) of the week of a date. */
export function weekOf(day: string): [string, string] {
  const d = new Date(`${day}T12:00:00Z`);
  const offset = (d.getUTCDay() + 6) % 7;
  const monday = new Date(d.getTime() - offset * 86_400_000);
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  return [monday.toISOString().slice(0, 10), sunday.toISOString().slice(0, 10)];
}

/**
 * The summary's JSON, checked against its schema with zod's parse rather than encode (what
 * read-cache's serialize and the Fastify serializer use). The schema has no codecs or
 * transforms, so both give the same text (murals-list.service.test.ts keeps it so), and on a
 * 1,000-card page encode cost ~23 ms against ~4 ms for parse (10× company, loaded machine):
 * the largest single cost of an uncached summary after the database.
 */
export function summaryJson(items: MuralSummary[]): string {
  return JSON.stringify(muralSummaryResponse.parse(items));
}

/** Paginated list of demands (with ETag) and the card counters. */
export function createMuralsListService(
  deps: ServiceDeps,
  options: {
    /** Budget of kept card texts (summary-cards.ts). */
    cardBytes?: number;
    /** Budget of kept demand views, all people together (user-views.ts). */
    viewEntries?: number;
    /** List totals shared by the pages of a list (GET /summary passes its node's). */
    totals?: DemandListTotals;
  } = {},
) {
  const repo = createMuralsRepo(deps.database.db);
  const today = () => todayIn(deps.config.COMPANY_TIME_ZONE);

  const cardTexts = new CardTextCache(options.cardBytes ?? SUMMARY_CARD_BYTES);
  const scratch = new Scratch();
  // CACHE_USER_VIEWS_MB=0: no views kept, each page reads its own (one statement by user and
  // ids; bench/cache-layers.ts measures both).
  const viewEntries = options.viewEntries ?? USER_VIEW_ENTRIES;
  const userViews =
    viewEntries > 0
      ? new UserViewsCache(viewEntries, (userId, since) => repo.viewsSince(userId, since))
      : null;

  /** The list's WHERE for the caller and the filters, on the company's day. */
  function where(u: ScopeUser, q: SummaryQuery, day: string) {
    return muralListWhere(muralScopeSql(u), q, day, weekOf(day));
  }

  const service = {
    /** The caller's demands matching the filters and their total. */
    async summary(u: ScopeUser, q: SummaryQuery) {
      const day = today();
      const { rows, total } = await repo.page(
        where(u, q, day),
        orderBy(q.sort),
        q.perPage,
        (q.page - 1) * q.perPage,
        u.id,
      );
      const items: MuralSummary[] = rows.map((r) => toSummary(r, u.id, day));
      return { items, total };
    },

    /**
     * The same answer as JSON bytes with its ETag: what GET /summary sends (and caches). The
     * page comes from the database as card versions (one narrow statement); each card's JSON
     * is built once per version and kept (summary-cards.ts), so only cards changed since they
     * were last listed are read in full, mapped and checked against the schema. The body is
     * byte for byte summaryJson(summary().items) (murals-summary-cards.routes.test.ts).
     */
    async summaryAnswer(u: ScopeUser, q: SummaryQuery): Promise<CachedAnswer> {
      const day = today();
      const { page: _page, perPage: _perPage, sort: _sort, ...filters } = q;
      const totalKey = `${u.id}|${u.type}|${day}|${JSON.stringify(filters)}`;
      const generation = options.totals?.generation ?? 0;
      const { keys, total, views } = await repo.pageKeys(
        where(u, q, day),
        orderBy(q.sort),
        q.perPage,
        (q.page - 1) * q.perPage,
        u.id,
        options.totals?.get(totalKey),
      );
      options.totals?.set(totalKey, total, generation);
      const page = parsePageKeys(keys);
      const texts = new Map<number, CardText>();
      const missing: number[] = [];
      for (const p of page) {
        const text = cardTexts.get(p.id, p.version);
        if (text) texts.set(p.id, text);
        else missing.push(p.id);
      }
      const [rows, viewed] = await Promise.all([
        missing.length > 0 ? repo.cards(missing, u.id) : [],
        userViews
          ? userViews.upTo(u.id, views)
          : repo.viewsOf(
              u.id,
              page.map((p) => p.id),
            ),
      ]);
      for (const row of rows) {
        // A demand changed since pageKeys read it comes back newer: kept by its own version.
        const text = cardText(toSummary(row, u.id, day), row.version, {
          by: row.mural.lastActivityBy,
          at: row.mural.lastActivityAt,
        });
        cardTexts.set(row.mural.id, text);
        texts.set(row.mural.id, text);
      }
      for (const p of page) {
        const text = texts.get(p.id);
        if (text) p.unread = unreadFor(text, viewed.get(p.id), u.id);
      }
      const placed = placeCards(page, texts, day);
      const extra = { total, etag: pageEtag(keys, page, total, day) };
      // Joined into the reused buffer and compressed (or copied) out at once, before anything
      // else can run.
      return gzippedAnswerOf(joinPlaced(placed, scratch), extra);
    },

    /**
     * What changed on a board since `updated_since` for the caller (GET /summary/changes):
     * changed cards, built like the summary's, and how many cards are still on it with the
     * fingerprint of their ids (the ids themselves only when asked: `with_ids`).
     */
    async boardChanges(
      u: ScopeUser,
      q: { board_id: number; updated_since: string; with_ids?: '1' | undefined },
    ): Promise<MuralBoardChanges> {
      const cursor = nextSyncCursor();
      const day = today();
      const { rows, ids } = await repo.changesSince(
        muralListWhere(muralScopeSql(u), { board_id: q.board_id }, day, weekOf(day)),
        new Date(q.updated_since),
        BOARD_CHANGES_MAX,
        u.id,
      );
      return {
        items: rows.map((r) => toSummary(r, u.id, day)),
        cursor,
        count: ids.length,
        ids_hash: idSetHash(ids),
        ...(q.with_ids && { ids }),
      };
    },

    /**
     * What changed on one page of the caller's demand list since `updated_since`
     * (GET /summary/page/changes): the page's ids in order, its demands changed since (built
     * like the summary's) and, with `have`, those on it now the tab does not hold, the list's
     * total and the next cursor.
     */
    async pageChanges(
      u: ScopeUser,
      q: SummaryQuery & { updated_since: string; have?: number[] | undefined },
    ) {
      const cursor = nextSyncCursor();
      const day = today();
      const { ids, total, rows } = await repo.pageChangesSince(
        where(u, q, day),
        orderBy(q.sort),
        q.perPage,
        (q.page - 1) * q.perPage,
        new Date(q.updated_since),
        u.id,
        q.have,
      );
      const order = new Map(ids.map((id, i) => [id, i]));
      const items = rows
        .map((r) => toSummary(r, u.id, day))
        .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      return { items, ids, total, cursor } satisfies MuralPageChanges;
    },

    /**
     * Counters of the given demands, or of every demand of a board, the caller may see (others
     * are left out); in the order of `ids`, a board's by id.
     */
    async counts(u: ScopeUser, q: { ids?: number[]; board_id?: number }): Promise<MuralCounts[]> {
      const ids = q.ids ?? [];
      const order = new Map(ids.map((id, i) => [id, i]));
      const rows = await repo.counts(
        q.board_id === undefined ? { ids: [...new Set(ids)] } : { boardId: q.board_id },
        muralScopeSql(u),
        u.id,
      );
      rows.sort((a, b) => (order.get(a.id) ?? a.id) - (order.get(b.id) ?? b.id));
      return rows.map((r) => ({
        id: r.id,
        tasks: r.tasks,
        messages: r.messages,
        attachments: r.attachments,
        unread: isUnread(r, r.viewedAt, u.id),
        unread_messages: r.unreadMessages,
      }));
    },
  };
  return service;
}
