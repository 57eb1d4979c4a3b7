import { RT_EVENTS, type FeedItem, type FeedResponse, type RealtimeChange } from '@eproto/domain';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { patchQueries } from '../../../lib/changes/page-delta.ts';
import { FEED_PAGE_SIZE } from './get-feed.ts';
import { planningKeys } from './keys.ts';

/** The feed as its infinite query holds it: pages of events, newest first. */
export type FeedPages = InfiniteData<FeedResponse, string | null>;

/** GET /eproto/feed?updated_since= — the events that came since the feed's cursor. */
export function getFeedSince(since: string): Promise<FeedResponse> {
  return api.get<FeedResponse>('/eproto/feed', {
    params: { perPage: FEED_PAGE_SIZE, updated_since: since },
  });
}

const newestFirst = (a: FeedItem, b: FeedItem) =>
  Date.parse(b.created_at) - Date.parse(a.created_at);

/**
 * The feed with the events that came prepended to its first page (each once, by key: the
 * cursor overlaps the last read) and the answer's cursor kept for the next ask; null when more
 * than a page came (`next_cursor`): then the feed is read again.
 */
export function prependNew(feed: FeedPages, delta: FeedResponse): FeedPages | null {
  const [first, ...rest] = feed.pages;
  if (!first || delta.next_cursor !== null) return null;
  const held = new Set(feed.pages.flatMap((p) => p.items.map((i) => i.key)));
  const fresh = delta.items.filter((i) => !held.has(i.key));
  const items = fresh.length ? [...fresh, ...first.items].sort(newestFirst) : first.items;
  return {
    ...feed,
    pages: [{ ...first, items, cursor: delta.cursor ?? first.cursor }, ...rest],
  };
}

/**
 * A demand or task changed ('mural.changed', 'protocol.changed'; not the demand's part
 * 'tasks' that comes with the latter): the feed on screen asks the
 * events that came since its cursor and prepends them (lib/changes/page-delta.ts
 * patchQueries) instead of reading every loaded page again; a feed without a cursor, more
 * than a page of news or a failed ask reads it again; one not on screen is marked stale.
 */
export async function patchFeedOnChange(
  queryClient: QueryClient,
  change: RealtimeChange,
): Promise<void> {
  // A demand's part 'tasks' echoes a 'protocol.changed' that comes with it: asked once, there.
  if (change.type === RT_EVENTS.muralChanged && change.data?.part === 'tasks') return;
  await patchQueries(queryClient, {
    prefix: planningKeys.feed,
    sinceOf: (data) => (data as FeedPages).pages[0]?.cursor,
    apply: async (queryKey, since) => {
      const delta = await getFeedSince(since);
      const feed = queryClient.getQueryData<FeedPages>(queryKey);
      if (!feed) return true;
      const next = prependNew(feed, delta);
      if (!next) return false;
      queryClient.setQueryData(queryKey, next);
      return true;
    },
  });
}
