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

// Demand/task changes show on boards, lists, pages, counters, calendar, Gantt, feed, reviews
// and the contracts overview (demands per stage, late, concluded).
const WORK_KEYS: readonly QueryKey[] = [
  ['murals'],
  ['contracts', 'list'],
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
  // an OS step changes the OS list and page and the agenda entry that shows the OS
  ['service-order', [['service-orders'], ['agenda']]],
];

/** Query keys a reconnect must not touch (the session check has its own rules). */
export const NOT_ON_RECONNECT: readonly string[] = ['session', 'auth'];

/**
 * Query-key prefixes an event type makes stale. Known types map as above; any other
 * "area.something" refetches the queries keyed by its area (['agenda'] for 'agenda.changed',
 * ['epi'] and ['epis'] for 'epi.changed'), so each area only has to key its queries by the
 * name it publishes under.
 */
export function invalidationsFor(type: string): readonly QueryKey[] {
  const exact = BY_TYPE[type];
  if (exact) return exact;
  const head = type.split('.')[0] ?? '';
  for (const [prefix, keys] of BY_PREFIX) {
    if (head === prefix || head === `${prefix}s`) return keys;
  }
  if (head === '' || head === 'hello') return [];
  const singular = head.endsWith('s') ? head.slice(0, -1) : null;
  return singular ? [[head], [singular]] : [[head], [`${head}s`]];
}
