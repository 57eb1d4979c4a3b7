import type { Envio } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { DELIVERIES_KEY } from './get-deliveries.ts';

/** POST /deliveries/{id}/reenviar — puts a failed e-mail or push back on the queue. */
export function retryDelivery(envio: Envio): Promise<{ ok: true }> {
  return api.post<{ ok: true }>(`/deliveries/${envio.id}/reenviar`);
}

/** "Reenviar": a toast, then the list read again (the row shows "Na fila"). */
export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryDelivery,
    onSuccess: (_r, envio) =>
      toastSuccess(
        envio.tipo === 'email'
          ? `E-mail para ${envio.destino} colocado de novo na fila.`
          : `Push para ${envio.destino} colocado de novo na fila.`,
      ),
    onError: (error) => toastError(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY }),
  });
}
