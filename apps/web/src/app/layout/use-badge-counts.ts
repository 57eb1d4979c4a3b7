import type { MenuSection } from '@eproto/domain';
import { can, roleOf } from '@eproto/domain';

import { useChatUnread } from '../../features/chat/api/get-chat-unread.ts';
import { useReviewCount } from '../../features/reviews/api/get-review-count.ts';
import type { BadgeCounts } from './sidebar-nav.tsx';

function hasBadge(sections: MenuSection[], key: 'chat' | 'reviews'): boolean {
  return sections.some((s) => s.items.some((i) => i.badge === key && !i.hidden));
}

/**
 * Side-menu badge counts, polled every 25 s. Only fetched when the menu shows the badge; the
 * review count is never fetched for equipe (SPEC.md §6).
 */
export function useBadgeCounts(sections: MenuSection[], rawType: string | undefined): BadgeCounts {
  const chat = useChatUnread(hasBadge(sections, 'chat'));
  const reviews = useReviewCount(
    hasBadge(sections, 'reviews') && can(roleOf(rawType), 'protocols.review'),
  );
  return { chat: chat.data ?? 0, reviews: reviews.data ?? 0 };
}
