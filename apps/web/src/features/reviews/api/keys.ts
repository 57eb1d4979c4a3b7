import type { ReviewQuery } from './get-reviews.ts';
import { REVIEW_COUNT_KEY } from './get-review-count.ts';

/**
 * Query keys of the review queue: its pages and the badge are patched on a change with a
 * version (get-review-changes.ts); the 'reviews' prefix is read again without one.
 */
export const reviewKeys = {
  all: ['reviews'] as const,
  count: REVIEW_COUNT_KEY,
  lists: ['reviews', 'list'] as const,
  list: (query: ReviewQuery) => ['reviews', 'list', query] as const,
};
