import {
  RT_EVENTS,
  type RealtimeChange,
  type ReviewChanges,
  type ReviewItem,
} from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { changedIds, patchPages } from '../../../lib/changes/page-delta.ts';
import type { ReviewQuery } from './get-reviews.ts';
import { reviewKeys } from './keys.ts';

/** GET /eproto/reviews/changes — the page's review ids now, its rows changed since, the badge. */
function getReviewChanges(query: ReviewQuery, since: string): Promise<ReviewChanges> {
  return api.get<ReviewChanges>('/eproto/reviews/changes', {
    params: { ...query, updated_since: since },
  });
}

/**
 * The review queue's pages on screen after a change with a version: the queue moved
 * ('reviews.changed': a task went to review or was decided) and every page asks what changed
 * on it since (`/reviews/changes`, page-delta.ts patchPages), taking the menu badge from the
 * same answer; a task's or demand's change that did not move the queue ('protocol.changed'
 * without `data.reviews`, 'mural.changed') asks only on a page that shows that task or demand
 * (its title, dates or demand's title changed), and nothing elsewhere. The 'protocol.changed'
 * of a queue move (`data.reviews`) asks nothing: its 'reviews.changed' does; nor does a part of
 * a demand (`data.part`). A failed ask
 * reads the page again; without a version change-effects.ts reads the queue again.
 */
export async function patchReviewsOnChange(
  queryClient: QueryClient,
  change: RealtimeChange,
): Promise<void> {
  const { version } = change;
  if (version === undefined) return;
  const queue = change.type === RT_EVENTS.reviewsChanged;
  if (change.type === RT_EVENTS.protocolChanged && change.data?.reviews === true) return;
  // A part of a demand (tasks: their own event; messages, files: not on a review; participants:
  // read again by change-effects.ts) asks nothing here.
  if (change.type === RT_EVENTS.muralChanged && change.data?.part !== undefined) return;
  const tasks = change.type === RT_EVENTS.protocolChanged ? changedIds(change.data) : [];
  const demand = change.type === RT_EVENTS.muralChanged ? change.id : undefined;
  const shown = (r: ReviewItem) => tasks.includes(r.id) || r.mural_id === demand;
  let counted = false;
  await patchPages<ReviewItem>(queryClient, {
    prefix: reviewKeys.lists,
    since: version,
    local: (page) => (queue || page.items.some(shown) ? undefined : page),
    ask: async (queryKey, since) => {
      const answer = await getReviewChanges(queryKey[2] as ReviewQuery, since);
      queryClient.setQueryData(reviewKeys.count, answer.count);
      counted = true;
      return answer;
    },
  });
  if (queue && !counted) {
    void queryClient.invalidateQueries({ queryKey: reviewKeys.count, exact: true });
  }
}
