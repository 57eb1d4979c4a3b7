import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { osKey } from './keys.ts';

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

export function useSendReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReport,
    onSuccess: async (r, vars) => {
      toastSuccess(`Relatório enviado para ${r.enviado_para}.`);
      await queryClient.invalidateQueries({ queryKey: osKey(vars.id) });
    },
    onError: (e) => toastError(e.message),
  });
}

/** Link of the PDF report (downloaded with the session cookie). */
export const reportPdfUrl = (id: number) => `/api/tatico/os/${id}/relatorio.pdf`;
