import type { AgendaEntry, AgendaEntryBody } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { entryKey } from './get-entry.ts';

/** POST /tatico/agenda or PUT /tatico/agenda/{id}; 409 names a double booking unless confirmed. */
export function saveEntry({
  id,
  ...body
}: AgendaEntryBody & { id?: number }): Promise<AgendaEntry> {
  return id ? api.put(`/tatico/agenda/${id}`, body) : api.post('/tatico/agenda', body);
}

export function useSaveEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEntry,
    // The agendas take the entry (and the bookings whose conflicts moved) from agenda.changed
    // in the answer's X-Changes, patched from their cursors (lib/changes/change-effects.ts).
    onSuccess: (entry) => queryClient.setQueryData(entryKey(entry.id), entry),
  });
}
