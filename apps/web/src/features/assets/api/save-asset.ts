import type { AssetBody, AssetDetail, AssetPatchBody } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { ASSETS_KEY, assetKey } from './keys.ts';

export type SaveAssetInput = { id: null; body: AssetBody } | { id: number; body: AssetPatchBody };

/** POST /tatico/ativos (new) or PATCH /tatico/ativos/{id} (edit). */
export function saveAsset(input: SaveAssetInput): Promise<AssetDetail> {
  return input.id === null
    ? api.post('/tatico/ativos', input.body)
    : api.patch(`/tatico/ativos/${input.id}`, input.body);
}

/** Saves, caches the answer, refreshes the lists; the form shows refusals under its fields. */
export function useSaveAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAsset,
    onSuccess: (detail, input) => {
      queryClient.setQueryData(assetKey(detail.asset.id), detail);
      toastSuccess(input.id === null ? 'Ativo cadastrado.' : 'Ativo atualizado.');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ASSETS_KEY }),
  });
}
