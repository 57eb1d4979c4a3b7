import type { ProtocolAttachment } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { uploadWithProgress } from '../../../lib/upload.ts';
import { protocolKeys } from './keys.ts';

export interface UploadInput {
  file: File;
  displayName?: string;
  onProgress?: (fraction: number) => void;
}

/** POST /eproto/protocols/{id}/attachments (multipart file + optional display_name) */
export function uploadProtocolAttachment(id: number, input: UploadInput) {
  const form = new FormData();
  if (input.displayName) form.append('display_name', input.displayName);
  form.append('file', input.file);
  return uploadWithProgress<ProtocolAttachment>(`/eproto/protocols/${id}/attachments`, form, {
    onProgress: input.onProgress,
  });
}

export function useUploadProtocolAttachment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadInput) => uploadProtocolAttachment(id, input),
    onSuccess: async (att) => {
      toastSuccess(`Anexo "${att.display_name}" enviado.`);
      await queryClient.invalidateQueries({ queryKey: protocolKeys.attachments(id) });
      await queryClient.invalidateQueries({ queryKey: protocolKeys.history(id) });
    },
    onError: (error) => toastError(error.message),
  });
}
