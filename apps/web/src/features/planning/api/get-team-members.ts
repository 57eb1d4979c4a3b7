import type { TeamMember } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { planningKeys } from './keys.ts';

/** GET /eproto/team/members[?coordenador_id] — the team of a coordenador (or the caller's). */
export function getTeamMembers(coordenadorId: number | null): Promise<TeamMember[]> {
  return api.get<TeamMember[]>('/eproto/team/members', {
    params: { coordenador_id: coordenadorId },
  });
}

export function useTeamMembers(coordenadorId: number | null) {
  return useQuery({
    queryKey: planningKeys.teamMembers(coordenadorId),
    queryFn: () => getTeamMembers(coordenadorId),
  });
}
