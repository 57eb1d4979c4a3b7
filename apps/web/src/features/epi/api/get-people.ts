import type { FieldPerson } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** GET /tatico/pessoas — active people, for the employee pickers. */
export function usePeople() {
  return useQuery({
    queryKey: ['epi', 'people'],
    queryFn: () => api.get<{ items: FieldPerson[] }>('/tatico/pessoas'),
    staleTime: 5 * 60_000,
    select: (d) => d.items,
  });
}
