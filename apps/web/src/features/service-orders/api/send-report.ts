import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';

/** POST /tatico/os/{id}/enviar-relatorio {email?} — the report link by e-mail. */
export function sendReport({
  id,
  email,
}: {
  id: number;
  email: string | null;
}): Promise<{ enviado_para: string }> {
  return api.post(`/tatico/os/${id}/enviar-relatorio`, { email });
}

/**
 * Sends the link. The answer is not the OS: its page (the link's state, the history) is read
 * once by the write's 'service-order.changed' (X-Changes, lib/changes/change-effects.ts).
 */
export function useSendReport() {
  return useMutation({
    mutationFn: sendReport,
    onSuccess: (r) => toastSuccess(`Relatório enviado para ${r.enviado_para}.`),
    onError: (e) => toastError(e.message),
  });
}

/** Link of the PDF report (downloaded with the session cookie). */
export const reportPdfUrl = (id: number) => `/api/tatico/os/${id}/relatorio.pdf`;
