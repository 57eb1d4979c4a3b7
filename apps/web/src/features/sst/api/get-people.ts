import type { FieldPerson } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { SST_KEY } from './sst-key.ts';

/** GET /tatico/pessoas — active people for the worker picker. */
export function useSstPeople() {
  return useQuery({
    queryKey: [...SST_KEY, 'people'],
    queryFn: () => api.get<{ items: FieldPerson[] }>('/tatico/pessoas'),
    select: (d) => d.items.map((p) => ({ value: String(p.id), label: p.nome })),
  });
}
