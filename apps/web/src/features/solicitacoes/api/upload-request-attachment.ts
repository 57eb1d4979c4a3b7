import type { RequestDetail } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { uploadWithProgress } from '../../../lib/upload.ts';
import { requestKey } from './get-request.ts';

/** POST /solicitacoes/{id}/anexos (multipart "file"). */
export function uploadRequestAttachment({
  id,
  file,
  onProgress,
}: {
  id: number;
  file: File;
  onProgress?: (f: number) => void;
}) {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress<RequestDetail>(`/solicitacoes/${id}/anexos`, form, { onProgress });
}

export function useUploadRequestAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadRequestAttachment,
    onSuccess: (detail) => {
      queryClient.setQueryData(requestKey(detail.solicitacao.id), detail);
      toastSuccess('Anexo enviado.');
    },
    // The lists take its push ('requests.changed': get-request-changes.ts).
    onError: (error) => toastError(error.message),
  });
}

/** Download link of an attachment. */
export const attachmentUrl = (id: number, attId: number) =>
  `/api/solicitacoes/${id}/anexos/${attId}`;
