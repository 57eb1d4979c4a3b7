import type { OsCreateBody, OsDetail, OsFromAgendaBody } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { osKey } from './keys.ts';

/** POST /tatico/os — an OS on its own. */
export function createServiceOrder(body: OsCreateBody): Promise<OsDetail> {
  return api.post('/tatico/os', body);
}

/** POST /tatico/os/da-agenda — one click from an agenda entry (copies its data). */
export function createServiceOrderFromAgenda(body: OsFromAgendaBody): Promise<OsDetail> {
  return api.post('/tatico/os/da-agenda', body);
}

/**
 * The new OS goes into the cache from the answer; nothing else is asked here. The write's
 * 'service-order.changed' (and 'agenda.changed' for the entry a "Nova OS" books), listed in its
 * X-Changes, patch the OS lists and the agendas from their cursors and read the entry's page
 * once (lib/changes/change-effects.ts); the OS page holds that version already and asks
 * nothing. Refreshing here too read the week and the entry three times.
 */
function useCreate<B>(fn: (body: B) => Promise<OsDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (os) => {
      queryClient.setQueryData(osKey(os.id), os);
      toastSuccess(`${os.codigo} criada.`);
    },
    onError: (e) => toastError(e.message),
  });
}

export const useCreateServiceOrder = () => useCreate(createServiceOrder);
export const useCreateServiceOrderFromAgenda = () => useCreate(createServiceOrderFromAgenda);
