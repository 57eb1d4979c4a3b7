import type { TicketDetail } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { uploadWithProgress } from '../../../lib/upload.ts';
import { ticketKey } from './get-ticket.ts';

interface Input {
  ticketId: number;
  file: File;
  onProgress?: (fraction: number) => void;
}

/** POST /support/tickets/{id}/attachments (multipart "file"), with upload progress. */
export function uploadTicketAttachment({ ticketId, file, onProgress }: Input) {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress<TicketDetail>(`/support/tickets/${ticketId}/attachments`, form, {
    onProgress,
  });
}

export function useUploadTicketAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadTicketAttachment,
    onSuccess: (ticket) => queryClient.setQueryData(ticketKey(ticket.id), ticket),
  });
}
