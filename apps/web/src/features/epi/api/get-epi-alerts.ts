import type { FieldAlert } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { EPI_KEY } from './get-epi-items.ts';

/** GET /tatico/epi/alertas — CA expired/expiring, stock under minimum, replacement due. */
export function useEpiAlerts(enabled = true) {
  return useQuery({
    queryKey: [...EPI_KEY, 'alerts'],
    queryFn: () => api.get<{ items: FieldAlert[]; total: number }>('/tatico/epi/alertas'),
    enabled,
  });
}
