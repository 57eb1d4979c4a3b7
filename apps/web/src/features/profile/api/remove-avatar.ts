import type { Profile } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { PROFILE_KEY } from './get-profile.ts';
import { syncSessionUser } from './sync-session-user.ts';

/** DELETE /profile/avatar */
export function removeAvatar(): Promise<Profile> {
  return api.delete<Profile>('/profile/avatar');
}

export function useRemoveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAvatar,
    onSuccess: (profile) => {
      queryClient.setQueryData(PROFILE_KEY, profile);
      syncSessionUser(queryClient, profile);
      toastSuccess('Foto removida.');
    },
    onError: (error) => toastError(error.message),
  });
}
