import type { MuralAttachment } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { uploadWithProgress } from '../../../lib/upload.ts';
import { muralKeys } from './keys.ts';

export interface UploadInput {
  file: File;
  displayName?: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** POST /eproto/murals/{id}/attachments/upload (multipart `file` + optional `display_name`). */
export function uploadMuralAttachment(id: number, input: UploadInput): Promise<MuralAttachment> {
  const form = new FormData();
  const name = input.displayName?.trim();
  // Text fields first: the server reads the parts in order.
  if (name) form.append('display_name', name);
  form.append('file', input.file);
  return uploadWithProgress<MuralAttachment>(`/eproto/murals/${id}/attachments/upload`, form, {
    onProgress: input.onProgress,
    signal: input.signal,
  });
}

export function useUploadMuralAttachment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadInput) => uploadMuralAttachment(id, input),
    onSuccess: (att) => toastSuccess(`Arquivo "${att.display_name}" enviado.`),
    onError: (error) => {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toastError(error.message);
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: muralKeys.attachments(id) });
      await queryClient.invalidateQueries({ queryKey: muralKeys.history(id) });
    },
  });
}
