import { useQuery } from '@tanstack/react-query';

import { fetchCurrentUser } from '../../../lib/session.ts';

/**
 * Silent GET /users/me on the public pages: when someone already signed in opens /login, they
 * are sent on by role. A 401 here is the normal case and never triggers the expiry handling.
 */
export function useSessionProbe() {
  return useQuery({
    queryKey: ['auth', 'probe'],
    queryFn: () => fetchCurrentUser({ silent401: true }),
    retry: false,
    gcTime: 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}
