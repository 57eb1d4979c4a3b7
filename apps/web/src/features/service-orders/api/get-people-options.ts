import type { FieldPerson } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { OS_KEY } from './keys.ts';

export const peopleOptionsKey = [...OS_KEY, 'people-options'];

/** GET /tatico/agenda/opcoes/pessoas — active people who can join an OS team (equipe too). */
export function usePeopleOptions(enabled: boolean) {
  return useQuery({
    queryKey: peopleOptionsKey,
    queryFn: () => api.get<{ items: FieldPerson[] }>('/tatico/agenda/opcoes/pessoas'),
    select: (d) => d.items,
    enabled,
    staleTime: 5 * 60_000,
  });
}
