import { z } from 'zod';
import { DATE_TIME_META, intInRange, isIsoInstant } from './common.ts';

import { RT_REPLAY_MS } from './realtime.ts';

export { SYNC_CURSOR_OVERLAP_MS } from './list-constants.ts';

const WITH_ZONE = /(Z|[+-]\d{2}:?\d{2})$/;

/**
 * `updated_since` of a list the phone keeps: an ISO instant with its zone (the `cursor` of the
 * previous answer). With it, the list answers only rows changed since, plus `ids`.
 */
export const updatedSince = z
  .string()
  .max(40, 'Informe "updated_since" como data e hora com fuso (ex.: 2026-03-10T08:30:00Z).')
  .refine(
    (v) => isIsoInstant(v) && WITH_ZONE.test(v),
    'Informe "updated_since" como data e hora com fuso (ex.: 2026-03-10T08:30:00Z).',
  )
  .meta(DATE_TIME_META);

/**
 * Query of GET /api/events. `gap_ms`: how long ago (milliseconds, by the tab's own clock) the
 * tab began reading what it shows, or last heard an event: the node sends again the events it
 * sent in that time before the live ones, so nothing changed in between is missed.
 */
export const eventsQuery = z.object({
  gap_ms: intInRange(0, RT_REPLAY_MS, {
    invalid: `Informe "gap_ms" como um número inteiro de 0 a ${RT_REPLAY_MS} (milissegundos).`,
  }).optional(),
});

/** Query of a synced list that takes no other filter (e.g. GET /tatico/epi/minhas-entregas). */
export const syncQuery = z.object({ updated_since: updatedSince.optional() });

/**
 * What a list the phone syncs adds to its answer: `cursor` to send as `updated_since` next
 * time and, when `updated_since` was sent, `ids` — every row still in the list, so the phone
 * drops rows deleted, cancelled out of it or moved away since (no tombstone table needed).
 */
export const syncedListFields = {
  cursor: z.string().optional(),
  ids: z.array(z.number().int()).optional(),
};

/** A list answer the phone merges into its kept copy (lib/offline/prefetch-merge.ts). */
export interface SyncedList<T extends { id: number }> {
  items: T[];
  cursor?: string | undefined;
  ids?: number[] | undefined;
}
