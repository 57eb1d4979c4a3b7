import type { CurrentUser } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { SESSION_KEY } from './session-key.ts';
import { resetSessionExpiry } from './session-expiry.ts';
import { queryClient } from './query-client.ts';

export type SessionStatus = 'unknown' | 'active' | 'none';

export interface Session {
  status: SessionStatus;
  user: CurrentUser | null;
  /** False until the profile check has answered (SPEC.md §4). */
  ready: boolean;
  /** No network and no session kept on this device: the app cannot tell who is signed in. */
  offline: boolean;
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
      } catch (error) {
        // Without signal the person kept on this device stays signed in (offline work);
        // a device that never signed in cannot tell, and says so.
        if (error instanceof ApiError && error.status === 0) {
          const kept = queryClient.getQueryData<CurrentUser | null>(SESSION_KEY);
          if (kept) return kept;
          throw error;
        }
        return null;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
    // Asked even offline: the answer (kept person or "sem conexão") must not wait for signal.
    networkMode: 'always',
  });
  const user = query.data ?? null;
  if (query.data === undefined) {
    return { status: 'unknown', user: null, ready: false, offline: query.isError };
  }
  return { status: user ? 'active' : 'none', user, ready: true, offline: false };
}
