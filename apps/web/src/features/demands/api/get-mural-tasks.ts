import type { MuralTask } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { muralKeys } from './keys.ts';

/** GET /eproto/murals/{id}/tasks */
export function getMuralTasks(id: number): Promise<MuralTask[]> {
  return api.get<MuralTask[]>(`/eproto/murals/${id}/tasks`);
}

export function useMuralTasks(id: number) {
  return useQuery({ queryKey: muralKeys.tasks(id), queryFn: () => getMuralTasks(id) });
}
