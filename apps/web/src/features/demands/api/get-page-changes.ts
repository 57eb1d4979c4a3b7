import type {
  MuralPageChanges,
  MuralSummary,
  MuralSummaryQuery,
  RealtimeChange,
} from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { patchPages, type HeldPage } from '../../../lib/changes/page-delta.ts';
import { toParams } from './get-murals-summary.ts';
import { muralKeys } from './keys.ts';

/** GET /eproto/murals/summary/page/changes — the page's ids now and its demands changed since. */
export function getPageChanges(query: MuralSummaryQuery, since: string): Promise<MuralPageChanges> {
  return api.get<MuralPageChanges>('/eproto/murals/summary/page/changes', {
    params: { ...toParams(query), updated_since: since },
  });
}

/**
 * A demand changed elsewhere ('mural.changed' with its updated_at as `version`): each page of
 * the Demandas list on screen asks what changed on it since that version (its ids now, its
 * demands changed) and patches itself instead of reading every page again (page-delta.ts). A
 * page that shows the demand in that version already asks nothing, unless a part of it
 * changed (a message, a file: its unread mark moves without a new version); a demand not on
 * the page may come in (its new place in the sort or the filters), so such a page asks.
 */
export async function patchSummariesOnChange(
  queryClient: QueryClient,
  change: RealtimeChange,
): Promise<void> {
  const { id, version } = change;
  if (id === undefined || version === undefined) return;
  const shows = (page: HeldPage<MuralSummary>) => {
    const row = page.items.find((m) => m.id === id);
    if (!row || change.data?.part !== undefined) return false;
    return Date.parse(row.updated_at) >= Date.parse(version);
  };
  await patchPages<MuralSummary>(queryClient, {
    prefix: muralKeys.summaries,
    since: version,
    ask: (queryKey, since) => getPageChanges(queryKey[2] as MuralSummaryQuery, since),
    shows,
  });
}
