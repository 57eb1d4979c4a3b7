import type { AssetFile, AssetFiles } from '@eproto/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, buildUrl } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { uploadWithProgress } from '../../../lib/upload.ts';
import { ASSETS_KEY } from './keys.ts';

const filesKey = (assetId: number) => [...ASSETS_KEY, 'files', assetId] as const;

/** Where a file downloads from (GET, a plain link; the server checks access). */
export const assetFileUrl = (assetId: number, fileId: number) =>
  buildUrl(`/tatico/ativos/${assetId}/arquivos/${fileId}`);
/** A photo's thumbnail. */
export const assetThumbUrl = (assetId: number, fileId: number) =>
  buildUrl(`/tatico/ativos/${assetId}/arquivos/${fileId}/miniatura`);

/** GET /tatico/ativos/{id}/arquivos — photos, documents and their history. */
export function useAssetFiles(assetId: number) {
  return useQuery({
    queryKey: filesKey(assetId),
    queryFn: () => api.get<AssetFiles>(`/tatico/ativos/${assetId}/arquivos`),
  });
}

/** POST /tatico/ativos/{id}/arquivos (multipart "file"); the list refreshes. */
export function useUploadAssetFile(assetId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: Blob; name: string; onProgress?: (f: number) => void }) => {
      const form = new FormData();
      form.append('file', input.file, input.name);
      return uploadWithProgress<AssetFile>(`/tatico/ativos/${assetId}/arquivos`, form, {
        onProgress: input.onProgress,
      });
    },
    onSuccess: (f) => toastSuccess(f.tipo === 'foto' ? 'Foto anexada.' : 'Documento anexado.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: filesKey(assetId) }),
  });
}

/** DELETE /tatico/ativos/{id}/arquivos/{fileId}; the file leaves the list at once. */
export function useDeleteAssetFile(assetId: number) {
  const queryClient = useQueryClient();
  const key = filesKey(assetId);
  return useMutation({
    mutationFn: (file: AssetFile) =>
      api.delete<null>(`/tatico/ativos/${assetId}/arquivos/${file.id}`),
    onMutate: async (file) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<AssetFiles>(key);
      if (before) {
        queryClient.setQueryData<AssetFiles>(key, {
          ...before,
          items: before.items.filter((f) => f.id !== file.id),
        });
      }
      return { before };
    },
    onError: (e, _file, ctx) => {
      if (ctx?.before) queryClient.setQueryData(key, ctx.before);
      toastError(e instanceof Error ? e.message : 'Não foi possível remover o arquivo.');
    },
    onSuccess: (_r, file) => toastSuccess(`${file.nome} removido.`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
