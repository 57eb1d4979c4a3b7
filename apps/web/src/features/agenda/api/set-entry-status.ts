import type { AgendaEntry, AgendaStatus } from '@eproto/domain';
import { AGENDA_STATUS_LABELS } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { AGENDA_KEY } from './get-agenda.ts';
import { entryKey } from './get-entry.ts';

type EntryList = { items: AgendaEntry[] };

/** POST /tatico/agenda/{id}/status {status} */
export function setEntryStatus({
  id,
  status,
}: {
  id: number;
  status: AgendaStatus;
}): Promise<AgendaEntry> {
  return api.post(`/tatico/agenda/${id}/status`, { status });
}

/** Shows the new status in every cached list at once; restores them if the server refuses. */
export function useSetEntryStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEntryStatus,
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: AGENDA_KEY });
      const lists = queryClient.getQueriesData<EntryList>({ queryKey: AGENDA_KEY });
      const entry = queryClient.getQueryData<AgendaEntry>(entryKey(id));
      for (const [key, data] of lists) {
        if (!data?.items) continue;
        queryClient.setQueryData<EntryList>(key, {
          items: data.items.map((e) => (e.id === id ? { ...e, status } : e)),
        });
      }
      if (entry) queryClient.setQueryData(entryKey(id), { ...entry, status });
      return { lists, entry };
    },
    onSuccess: (e) => toastSuccess(`Agendamento ${AGENDA_STATUS_LABELS[e.status].toLowerCase()}.`),
    onError: (error, { id }, context) => {
      for (const [key, data] of context?.lists ?? []) queryClient.setQueryData(key, data);
      if (context?.entry) queryClient.setQueryData(entryKey(id), context.entry);
      toastError(error.message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: AGENDA_KEY }),
  });
}
