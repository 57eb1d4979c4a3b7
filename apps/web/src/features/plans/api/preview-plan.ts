import type { PlanPreview } from '@eproto/domain';
import { useMutation } from '@tanstack/react-query';

import { uploadWithProgress } from '../../../lib/upload.ts';

/** POST /eproto/murals/{id}/plano/previa (multipart "file"): what the file would import. */
export function previewPlan(input: { muralId: number; file: File }) {
  const form = new FormData();
  form.append('file', input.file, input.file.name);
  return uploadWithProgress<PlanPreview>(`/eproto/murals/${input.muralId}/plano/previa`, form);
}

export function usePreviewPlan() {
  return useMutation({ mutationFn: previewPlan });
}
