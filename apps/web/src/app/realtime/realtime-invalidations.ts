import type { QueryKey } from '@tanstack/react-query';

/**
 * Query-key prefixes to refetch when a push event arrives. Payloads only name what changed,
 * so the tab refetches the lists and counters that may show it. Keys are matched by prefix:
 * ['notifications'] covers the bell's ['notifications', 'latest'], ['chat'] covers the menu
 * badge ['chat', 'unread'] and the chat page's contacts and messages, and so on.
 */
const BY_TYPE: Record<string, readonly QueryKey[]> = {
  notification: [['notifications']],
  'notification.read': [['notifications']],
  'chat.message': [['chat']],
  'chat.read': [['chat']],
  'contract-chat.message': [['contract-chat']],
  'contract-chat.read': [['contract-chat']],
  'reviews.changed': [['reviews']],
};

// Demand/task changes show on boards, lists, pages, counters, calendar, Gantt, feed, reviews.
const WORK_KEYS: readonly QueryKey[] = [
  ['murals'],
  ['boards'],
  ['protocols'],
  ['tasks'],
  ['calendar'],
  ['gantt'],
  ['feed'],
  ['reviews'],
  ['finance'],
  ['recurrence'],
];

const BY_PREFIX: Array<[prefix: string, keys: readonly QueryKey[]]> = [
  ['mural', WORK_KEYS],
  ['protocol', WORK_KEYS],
  ['board', [['boards'], ['murals']]],
  ['review', [['reviews']]],
  ['contract', [['contracts'], ['contract-chat']]],
];

/** What a reconnect refetches: anything may have changed while the stream was down. */
export const RECONNECT_KEYS: readonly QueryKey[] = [
  ['notifications'],
  ['chat'],
  ['contract-chat'],
  ...WORK_KEYS,
];

/** Query-key prefixes an event type makes stale (empty for types no screen shows). */
export function invalidationsFor(type: string): readonly QueryKey[] {
  const exact = BY_TYPE[type];
  if (exact) return exact;
  const head = type.split('.')[0] ?? '';
  for (const [prefix, keys] of BY_PREFIX) {
    if (head === prefix || head === `${prefix}s`) return keys;
  }
  return [];
}
