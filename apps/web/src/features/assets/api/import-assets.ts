import type { AssetImportError } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { buildUrl } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { uploadWithProgress } from '../../../lib/upload.ts';
import { ASSETS_KEY } from './keys.ts';

/** Where the import template downloads from (GET, a plain link). */
export const ASSET_TEMPLATE_URL = buildUrl('/tatico/ativos/importacao/modelo');

/** POST /tatico/ativos/importacao?contract_id= (multipart "file"). */
export function importAssets(input: { contractId: number; file: File }) {
  const form = new FormData();
  form.append('file', input.file, input.file.name);
  return uploadWithProgress<{ importados: number }>(
    `/tatico/ativos/importacao?contract_id=${input.contractId}`,
    form,
  );
}

/** The bad rows of a refused import (line + reason), or null for any other error. */
export function importErrors(error: unknown): AssetImportError[] | null {
  if (!(error instanceof ApiError)) return null;
  const erros = (error.body as { erros?: unknown } | null)?.erros;
  return Array.isArray(erros) ? (erros as AssetImportError[]) : null;
}

export function useImportAssets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importAssets,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ASSETS_KEY }),
  });
}
