import {
  feedCursor,
  feedLabel,
  muralLinks,
  parseFeedCursor,
  taskLinks,
  type FeedItem,
  type feedQuery,
  type FeedResponse,
} from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { nextSyncCursor } from '../../lib/sync-cursor.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import { avatarUrl } from '../users/users.mapper.ts';
import { createFeedRepo, type FeedRow } from './feed.repo.ts';

type FeedQuery = z.output<typeof feedQuery>;

function toItem(r: FeedRow): FeedItem {
  return {
    key: `${r.source}-${r.id}`,
    source: r.source,
    history_id: r.id,
    action: r.action,
    label: feedLabel(r.source, r.action, r.after),
    texto: r.texto,
    author:
      r.authorId !== null && r.authorNome !== null
        ? {
            id: r.authorId,
            nome: r.authorNome,
            avatar: avatarUrl({ id: r.authorId, avatarPath: r.authorAvatarPath }),
          }
        : null,
    mural_id: r.muralId,
    mural_titulo: r.muralTitulo,
    protocol_id: r.protocolId,
    protocol_titulo: r.protocolTitulo,
    before: r.before,
    after: r.after,
    created_at: new Date(r.at).toISOString(),
    links: r.protocolId !== null ? taskLinks(r.protocolId) : muralLinks(r.muralId),
  };
}

/** The history stream of everything the caller sees, newest first. */
export function createFeedService(deps: ServiceDeps) {
  const { db } = deps.database;
  const repo = createFeedRepo(db);
  const scope = deps.access.scope(db);

  return {
    /**
     * One page, newest first. The first page (no `cursor`) answers a `cursor`; with
     * `updated_since` only the events since (an open feed prepends them, by key).
     */
    async page(u: ScopeUser, q: FeedQuery): Promise<FeedResponse> {
      if (q.mural_id) await scope.assertMuralVisible(u, q.mural_id);
      const cursor = q.cursor ? undefined : nextSyncCursor();
      const after = q.cursor ? (parseFeedCursor(q.cursor) ?? undefined) : undefined;
      const since = q.updated_since ? new Date(q.updated_since).toISOString() : undefined;
      const rows = await repo.page(u, { limit: q.perPage + 1, after, muralId: q.mural_id, since });
      const page = rows.slice(0, q.perPage);
      const last = page[page.length - 1];
      return {
        items: page.map(toItem),
        next_cursor:
          rows.length > q.perPage && last ? feedCursor(last.at, last.source, last.id) : null,
        ...(cursor && { cursor }),
      };
    },
  };
}
