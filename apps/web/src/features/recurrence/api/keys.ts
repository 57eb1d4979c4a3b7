/**
 * Query keys of the recurrence area; they start with 'recurrence', which the push channel
 * refetches on any demand change (app/realtime).
 */
export const recurrenceKeys = {
  all: ['recurrence'] as const,
  byMural: (muralId: number) => ['recurrence', 'mural', muralId] as const,
  instances: (id: number) => ['recurrence', 'instances', id] as const,
  bases: (boardId: number | null) => ['recurrence', 'bases', boardId] as const,
};

/** Refetched after a series changes: its own caches and the demands other areas show. */
export const AFTER_CHANGE_KEYS = [['recurrence'], ['murals'], ['boards']] as const;
