import type { ReviewQuery } from './get-reviews.ts';
import { REVIEW_COUNT_KEY } from './get-review-count.ts';

/** Query keys of the review queue; the 'reviews' prefix is refetched on 'reviews.changed'. */
export const reviewKeys = {
  all: ['reviews'] as const,
  count: REVIEW_COUNT_KEY,
  lists: ['reviews', 'list'] as const,
  list: (query: ReviewQuery) => ['reviews', 'list', query] as const,
};
