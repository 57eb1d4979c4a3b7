import type { GanttMuralResponse } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { planningKeys } from './keys.ts';

/** GET /eproto/gantt/murals/{id} — dated tasks of a demand, links with lag, critical path. */
export function getMuralGantt(id: number): Promise<GanttMuralResponse> {
  return api.get<GanttMuralResponse>(`/eproto/gantt/murals/${id}`);
}

export function useMuralGantt(id: number) {
  return useQuery({
    queryKey: planningKeys.muralGantt(id),
    queryFn: () => getMuralGantt(id),
    enabled: id > 0,
  });
}
