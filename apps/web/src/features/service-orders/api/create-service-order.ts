import type { OsCreateBody, OsDetail, OsFromAgendaBody } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { OS_KEY, osKey } from './keys.ts';

/** POST /tatico/os — an OS on its own. */
export function createServiceOrder(body: OsCreateBody): Promise<OsDetail> {
  return api.post('/tatico/os', body);
}

/** POST /tatico/os/da-agenda — one click from an agenda entry (copies its data). */
export function createServiceOrderFromAgenda(body: OsFromAgendaBody): Promise<OsDetail> {
  return api.post('/tatico/os/da-agenda', body);
}

function useCreate<B>(fn: (body: B) => Promise<OsDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (os) => {
      queryClient.setQueryData(osKey(os.id), os);
      toastSuccess(`${os.codigo} criada.`);
      // the agenda entry now shows its OS
      void queryClient.invalidateQueries({ queryKey: ['agenda'] });
    },
    onError: (e) => toastError(e.message),
    // Not awaited: mutateAsync would wait for every OS list and type list to refetch, and the
    // form opening the new OS (already in the cache above) waited seconds on a busy phone.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: OS_KEY }),
  });
}

export const useCreateServiceOrder = () => useCreate(createServiceOrder);
export const useCreateServiceOrderFromAgenda = () => useCreate(createServiceOrderFromAgenda);
