import type { Protocol } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { isApiStatus } from '../../../lib/api-error.ts';
import { protocolKeys } from './keys.ts';

/** GET /eproto/protocols/{id} */
export function getProtocol(id: number, signal?: AbortSignal): Promise<Protocol> {
  return api.get<Protocol>(`/eproto/protocols/${id}`, { signal });
}

export function useProtocol(id: number) {
  return useQuery({
    queryKey: protocolKeys.detail(id),
    queryFn: ({ signal }) => getProtocol(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    // A task out of scope answers 404: no point asking again.
    retry: (count, error) => !isApiStatus(error, 404) && count < 2,
  });
}
