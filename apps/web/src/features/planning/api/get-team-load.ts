import type { TeamLoadResponse } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { planningKeys, type TeamLoadParams } from './keys.ts';

/** GET /eproto/team/load — planned hours per person per week against their capacity. */
export function getTeamLoad(query: TeamLoadParams): Promise<TeamLoadResponse> {
  return api.get<TeamLoadResponse>('/eproto/team/load', { params: { ...query } });
}

export function useTeamLoad(query: TeamLoadParams, enabled = true) {
  return useQuery({
    queryKey: planningKeys.teamLoad(query),
    queryFn: () => getTeamLoad(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}
