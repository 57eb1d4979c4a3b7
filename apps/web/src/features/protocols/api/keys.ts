import type { ProtocolListQuery } from '@eproto/domain';

/**
 * Query keys of the tasks area. They start with 'protocols' on purpose: the push channel
 * refetches that prefix when a task changes (app/realtime).
 */
export const protocolKeys = {
  all: ['protocols'] as const,
  lists: ['protocols', 'list'] as const,
  list: (query: ProtocolListQuery) => ['protocols', 'list', query] as const,
  details: ['protocols', 'detail'] as const,
  detail: (id: number) => ['protocols', 'detail', id] as const,
  dependencies: (id: number) => ['protocols', 'detail', id, 'dependencies'] as const,
  search: (q: string) => ['protocols', 'search', q] as const,
  murals: (q: string) => ['protocols', 'murals', q] as const,
};
