import type { GanttTeamResponse } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { planningKeys, type TeamGanttParams } from './keys.ts';

/** GET /eproto/gantt/team?start&end[&coordenador_id] — the team timeline. */
export function getTeamGantt(query: TeamGanttParams): Promise<GanttTeamResponse> {
  return api.get<GanttTeamResponse>('/eproto/gantt/team', { params: { ...query } });
}

export function useTeamGantt(query: TeamGanttParams) {
  return useQuery({
    queryKey: planningKeys.teamGantt(query),
    queryFn: () => getTeamGantt(query),
    placeholderData: keepPreviousData,
  });
}
