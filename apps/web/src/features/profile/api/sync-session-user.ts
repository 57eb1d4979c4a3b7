import type { CurrentUser, Profile } from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';

import { SESSION_KEY } from '../../../lib/session-key.ts';

function avatarOf(user: CurrentUser, profile: Profile, avatarChanged: boolean): string | null {
  if (profile.avatar === null) return null;
  if (avatarChanged) return `${profile.avatar}?v=${Date.now()}`;
  return user.avatar ?? profile.avatar;
}

/**
 * Puts the new name and avatar in the session the top bar shows. A new picture gets a version
 * suffix so the browser does not keep showing the cached previous one.
 */
export function syncSessionUser(queryClient: QueryClient, profile: Profile, avatarChanged = false) {
  queryClient.setQueryData<CurrentUser | null>(SESSION_KEY, (user) =>
    user ? { ...user, nome: profile.nome, avatar: avatarOf(user, profile, avatarChanged) } : user,
  );
}
