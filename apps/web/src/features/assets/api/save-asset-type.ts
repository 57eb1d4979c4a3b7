import type { AssetType, AssetTypeBody, AssetTypePatchBody } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { ASSETS_KEY } from './keys.ts';

export type SaveAssetTypeInput =
  { id: null; body: AssetTypeBody } | { id: number; body: AssetTypePatchBody };

/** POST /tatico/ativos/tipos (new) or PATCH /tatico/ativos/tipos/{id} (edit). */
export function saveAssetType(input: SaveAssetTypeInput): Promise<AssetType> {
  return input.id === null
    ? api.post('/tatico/ativos/tipos', input.body)
    : api.patch(`/tatico/ativos/tipos/${input.id}`, input.body);
}

/** Saves a type of the catalogue; lists, forms and asset pages read the new fields. */
export function useSaveAssetType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAssetType,
    onSuccess: (_t, input) =>
      toastSuccess(input.id === null ? 'Tipo cadastrado.' : 'Tipo atualizado.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ASSETS_KEY }),
  });
}

/** DELETE /tatico/ativos/tipos/{id}: a type in use answers 409 with the reason. */
export function deleteAssetType(id: number): Promise<void> {
  return api.delete(`/tatico/ativos/tipos/${id}`);
}

export function useDeleteAssetType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAssetType,
    onSuccess: () => toastSuccess('Tipo excluído.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ASSETS_KEY }),
  });
}
