import type { PlanImportError, PlanImportResult } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { ApiError } from '../../../lib/api-error.ts';
import { uploadWithProgress } from '../../../lib/upload.ts';

/** POST /eproto/murals/{id}/plano/importar (multipart "file"): all of it, or nothing. */
export function importPlan(input: { muralId: number; file: File }) {
  const form = new FormData();
  form.append('file', input.file, input.file.name);
  return uploadWithProgress<PlanImportResult>(
    `/eproto/murals/${input.muralId}/plano/importar`,
    form,
  );
}

/** The bad lines of a refused import, or null for any other error. */
export function planImportErrors(error: unknown): PlanImportError[] | null {
  if (!(error instanceof ApiError)) return null;
  const erros = (error.body as { erros?: unknown } | null)?.erros;
  return Array.isArray(erros) ? (erros as PlanImportError[]) : null;
}

export function useImportPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPlan,
    // The demand page (tasks, history) and the Gantt read the new tasks.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['murals'] }),
        queryClient.invalidateQueries({ queryKey: ['gantt'] }),
      ]),
  });
}
