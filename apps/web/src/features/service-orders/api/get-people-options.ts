import type { FieldPerson } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { OS_KEY } from './keys.ts';

/** GET /tatico/pessoas — active people who can join the team of an OS. */
export function usePeopleOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...OS_KEY, 'people-options'],
    queryFn: () => api.get<{ items: FieldPerson[] }>('/tatico/pessoas'),
    select: (d) => d.items,
    enabled,
    staleTime: 5 * 60_000,
  });
}
