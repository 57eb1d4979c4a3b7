import type {
  AssetDetail,
  AssetListChanges,
  AssetListResponse,
  RealtimeChange,
} from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import {
  changedIds,
  patchPages,
  refreshRowPage,
  showsVersion,
} from '../../../lib/changes/page-delta.ts';
import type { AssetFilter } from './get-assets.ts';
import { ASSETS_KEY, assetKey } from './keys.ts';

type AssetRow = AssetListResponse['items'][number];

/** The pages of the asset list (['assets', 'list', filter]). */
const ASSET_LISTS = [...ASSETS_KEY, 'list'] as const;

/** GET /tatico/ativos/changes — the page's ids now, its assets changed since, the total. */
function getAssetChanges(filter: AssetFilter, since: string): Promise<AssetListChanges> {
  return api.get<AssetListChanges>('/tatico/ativos/changes', {
    params: { ...filter, updated_since: since },
  });
}

/**
 * An asset changed with a version ('assets.changed': its `updated_at` after the write; an
 * import: its rows' version and ids). Each page of the asset list on screen asks what changed
 * on it since (`/tatico/ativos/changes`, page-delta.ts patchPages) instead of being read again;
 * a page that already shows the asset at that version (the tab that wrote) asks nothing, and so
 * does a page of another contract (`data.contract_id`) or, for a new file of an asset
 * (`part: 'files'`: nothing of the row shows), every page. The asset's page is read once unless
 * it already holds that version (refreshRowPage). Without a version (a type of asset changed:
 * every row shows its name) change-effects.ts reads them again.
 */
export async function patchAssetsOnChange(
  queryClient: QueryClient,
  change: RealtimeChange,
): Promise<void> {
  const { id, version } = change;
  if (version === undefined) return;
  const page =
    id === undefined
      ? Promise.resolve()
      : refreshRowPage(
          queryClient,
          assetKey(id),
          version,
          (data) => (data as AssetDetail).asset.updated_at,
        );
  const contract = change.data?.contract_id;
  const ids = id === undefined ? changedIds(change.data) : [id];
  const filesOnly = change.data?.part === 'files';
  await Promise.all([
    page,
    patchPages<AssetRow>(queryClient, {
      prefix: ASSET_LISTS,
      since: version,
      shows: showsVersion(ids, version),
      local: (held, queryKey) => {
        const filter = queryKey[2] as AssetFilter;
        const otherContract =
          typeof contract === 'number' &&
          filter.contract_id !== undefined &&
          filter.contract_id !== contract;
        return filesOnly || otherContract ? held : undefined;
      },
      ask: (queryKey, since) => getAssetChanges(queryKey[2] as AssetFilter, since),
    }),
  ]);
}
