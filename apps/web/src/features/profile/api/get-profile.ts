import type { Profile } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export const PROFILE_KEY = ['profile'] as const;

/** GET /profile — name, avatar, theme and notification preferences of the signed-in user. */
export function getProfile(): Promise<Profile> {
  return api.get<Profile>('/profile');
}

export function useProfile() {
  return useQuery({ queryKey: PROFILE_KEY, queryFn: getProfile });
}
