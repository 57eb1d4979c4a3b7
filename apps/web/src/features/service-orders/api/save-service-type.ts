import type { ServiceType, ServiceTypeBody } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { serviceTypesKey } from './keys.ts';

/** POST /tatico/os/tipos or PUT /tatico/os/tipos/{id} (new items make a new version). */
export function saveServiceType({
  id,
  body,
}: {
  id: number | null;
  body: ServiceTypeBody;
}): Promise<ServiceType> {
  return id === null ? api.post('/tatico/os/tipos', body) : api.put(`/tatico/os/tipos/${id}`, body);
}

export function useSaveServiceType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveServiceType,
    onSuccess: (t) => toastSuccess(`Tipo de serviço "${t.nome}" salvo (versão ${t.versao}).`),
    onError: (e) => toastError(e.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceTypesKey }),
  });
}
