import type { WorkItemAttachment } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { uploadWithProgress } from '../../../lib/upload.ts';
import { threadKeys, threadPath, type WorkItemRef } from '../work-item-ref.ts';

export interface UploadInput {
  file: File;
  displayName?: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /eproto/murals/{id}/attachments/upload or /eproto/protocols/{id}/attachments (multipart
 * `file` + optional `display_name`).
 */
export function uploadThreadAttachment(item: WorkItemRef, input: UploadInput) {
  const form = new FormData();
  const name = input.displayName?.trim();
  // Text fields first: the server reads the parts in order.
  if (name) form.append('display_name', name);
  form.append('file', input.file);
  return uploadWithProgress<WorkItemAttachment>(threadPath(item, item.uploadPath), form, {
    onProgress: input.onProgress,
    signal: input.signal,
  });
}

export function useUploadThreadAttachment(item: WorkItemRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadInput) => uploadThreadAttachment(item, input),
    onSuccess: (att) => toastSuccess(`Arquivo "${att.display_name}" enviado.`),
    onError: (error) => {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toastError(error.message);
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: threadKeys.part(item, 'attachments') });
      await queryClient.invalidateQueries({ queryKey: threadKeys.part(item, 'history') });
    },
  });
}
