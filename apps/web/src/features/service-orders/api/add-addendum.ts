import type { OsDetail } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { osKey } from './keys.ts';

/** POST /tatico/os/{id}/adendos {texto} — a correction after sealing (gerente, diretoria). */
export function addAddendum({ id, texto }: { id: number; texto: string }): Promise<OsDetail> {
  return api.post(`/tatico/os/${id}/adendos`, { texto });
}

export function useAddAddendum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAddendum,
    onSuccess: (os) => {
      queryClient.setQueryData(osKey(os.id), os);
      toastSuccess('Adendo registrado.');
    },
    onError: (e) => toastError(e.message),
  });
}
