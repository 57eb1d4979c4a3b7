import type { CurrentUser } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from './api-client.ts';
import { SESSION_KEY } from './session-key.ts';
import { resetSessionExpiry } from './session-expiry.ts';
import { queryClient } from './query-client.ts';

export type SessionStatus = 'unknown' | 'active' | 'none';

export interface Session {
  status: SessionStatus;
  user: CurrentUser | null;
  /** False until the profile check has answered (SPEC.md §4). */
  ready: boolean;
}

/** Applies SPEC.md §3 defaults: type falls back to equipe, rawType to type, avatar to null. */
export function normalizeUser(raw: Partial<CurrentUser> & { id: number }): CurrentUser {
  const type = raw.type && raw.type !== '' ? raw.type : 'equipe';
  return {
    id: raw.id,
    email: raw.email ?? '',
    nome: raw.nome ?? '',
    type,
    rawType: raw.rawType && raw.rawType !== '' ? raw.rawType : type,
    avatar: raw.avatar ?? null,
  };
}

/** GET /users/me. `silent401` skips the expiry redirect (used by the public pages' probe). */
export async function fetchCurrentUser(options?: { silent401?: boolean }): Promise<CurrentUser> {
  const raw = await api.get<CurrentUser>('/users/me', { silent401: options?.silent401 });
  return normalizeUser(raw);
}

/** Marks the session active with a signed-in user (login, accepted invitation). */
export function setSessionUser(user: CurrentUser): void {
  resetSessionExpiry();
  queryClient.setQueryData(SESSION_KEY, user);
}

/** The current session: unknown at start, then active or none once the profile check answers. */
export function useSession(): Session {
  const query = useQuery<CurrentUser | null>({
    queryKey: SESSION_KEY,
    queryFn: async () => {
      try {
        const user = await fetchCurrentUser();
        resetSessionExpiry();
        return user;
      } catch {
        return null;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
  const user = query.data ?? null;
  if (query.data === undefined) return { status: 'unknown', user: null, ready: false };
  return { status: user ? 'active' : 'none', user, ready: true };
}
