import type { MuralSummaryQuery } from '@eproto/domain';

/**
 * Query keys of the demands area. They start with 'murals' and 'boards' on purpose: the push
 * channel invalidates those prefixes when a demand or board changes (app/realtime).
 */
export const muralKeys = {
  all: ['murals'] as const,
  boardLists: ['murals', 'board'] as const,
  board: (boardId: number) => ['murals', 'board', boardId] as const,
  summaries: ['murals', 'summary'] as const,
  summary: (query: MuralSummaryQuery) => ['murals', 'summary', query] as const,
  counts: (ids: string) => ['murals', 'counts', ids] as const,
  /** Counters of every card of a board (under 'counts': the seen mark updates both kinds). */
  boardCounts: (boardId: number) => ['murals', 'counts', 'board', boardId] as const,
  details: ['murals', 'detail'] as const,
  detail: (id: number) => ['murals', 'detail', id] as const,
  tasks: (id: number) => ['murals', 'detail', id, 'tasks'] as const,
  messages: (id: number) => ['murals', 'detail', id, 'messages'] as const,
  mentionables: (id: number) => ['murals', 'detail', id, 'mentionables'] as const,
  attachments: (id: number) => ['murals', 'detail', id, 'attachments'] as const,
  history: (id: number) => ['murals', 'detail', id, 'history'] as const,
  participants: (id: number) => ['murals', 'detail', id, 'participants'] as const,
};

export const boardKeys = {
  all: ['boards'] as const,
  list: ['boards', 'list'] as const,
  detail: (id: number) => ['boards', 'detail', id] as const,
  participants: (id: number) => ['boards', id, 'participants'] as const,
};
