// Constants of list screens with no zod: the offline prefetch and the list pages use them
// without downloading the schemas (chat.ts, common.ts, murals.ts and work-items.ts re-export
// them under their usual names; see plain-dates.ts).

/** Messages per page when scrolling back in a conversation. */
export const CHAT_PAGE_SIZE = 50;

/** Header that carries the total of a paginated list (exposed to the browser). */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/** Sortable fields of work-item lists; prefix with '-' for descending. */
export const WORK_ITEM_SORT_FIELDS = [
  'titulo',
  'prioridade',
  'stage',
  'inicio_previsto',
  'fim_previsto',
  'created_at',
  'updated_at',
] as const;

/**
 * Sortable fields of the murals summary; prefix with '-' for descending.
 * @alias the same list as WORK_ITEM_SORT_FIELDS, under the murals' name.
 */
export const MURAL_SORT_FIELDS = WORK_ITEM_SORT_FIELDS;

/** Due-date filter: late (atrasadas) or due this week (semana, Monday to Sunday). */
export const PRAZO_FILTERS = ['atrasadas', 'semana'] as const;

/**
 * How far back a sync cursor reaches before the moment the server answered: a write committed
 * a little after the read (its transaction began before) is still sent next time. Rows sent
 * twice are harmless: the phone merges by id.
 */
export const SYNC_CURSOR_OVERLAP_MS = 30_000;
