import type { AssetBody, AssetDetail, AssetListResponse, AssetPatchBody } from '@eproto/domain';
import {
  type QueryClient,
  type QueryKey,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { putOwnRow } from '../../../lib/changes/own-row.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import type { AssetFilter } from './get-assets.ts';
import { ASSETS_KEY, assetKey } from './keys.ts';

type AssetRow = AssetListResponse['items'][number];

export type SaveAssetInput = { id: null; body: AssetBody } | { id: number; body: AssetPatchBody };

/** POST /tatico/ativos (new) or PATCH /tatico/ativos/{id} (edit). */
export function saveAsset(input: SaveAssetInput): Promise<AssetDetail> {
  return input.id === null
    ? api.post('/tatico/ativos', input.body)
    : api.patch(`/tatico/ativos/${input.id}`, input.body);
}

/**
 * Saves and caches the answer: the asset's page and the rows of the list pages that show it in
 * the same place (putSavedAsset below). Nothing is read again here: the save's
 * 'assets.changed' (X-Changes) asks `/tatico/ativos/changes` only on a page where the asset
 * comes in, moves or leaves. The form shows refusals under its fields.
 */
export function useSaveAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAsset,
    onSuccess: (detail, input) => {
      queryClient.setQueryData(assetKey(detail.asset.id), detail);
      putSavedAsset(queryClient, detail);
      toastSuccess(input.id === null ? 'Ativo cadastrado.' : 'Ativo atualizado.');
    },
  });
}

/**
 * This tab saved an asset (the answer: the asset at its new version): the pages of the list
 * that show it take it in place when it keeps its place there (same contract, type, tag and
 * state, and no search), with the overdue count they hold (a plan follows the type, unchanged),
 * so its 'assets.changed' asks nothing on them (own-row.ts).
 */
export function putSavedAsset(queryClient: QueryClient, detail: AssetDetail): void {
  const asset = detail.asset;
  putOwnRow<AssetRow>(queryClient, {
    prefix: [...ASSETS_KEY, 'list'],
    id: asset.id,
    next: (held, queryKey: QueryKey) => {
      const filter = queryKey[2] as AssetFilter;
      const samePlace =
        !filter.q &&
        held.contrato.id === asset.contrato.id &&
        held.tipo.id === asset.tipo.id &&
        held.tag === asset.tag &&
        held.status === asset.status;
      return samePlace ? { ...asset, atrasadas: held.atrasadas } : undefined;
    },
  });
}
