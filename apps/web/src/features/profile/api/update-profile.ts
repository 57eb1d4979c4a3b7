import type { Profile, UpdateProfileBody } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError } from '../../../lib/toast.ts';
import { PROFILE_KEY } from './get-profile.ts';
import { syncSessionUser } from './sync-session-user.ts';

/** PATCH /profile {nome?, theme?, notificationPrefs?} */
export function updateProfile(body: UpdateProfileBody): Promise<Profile> {
  return api.patch<Profile>('/profile', body);
}

/** Applies the change to the cached profile at once; restores it with a toast on failure. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: PROFILE_KEY });
      const previous = queryClient.getQueryData<Profile>(PROFILE_KEY);
      if (previous) {
        queryClient.setQueryData<Profile>(PROFILE_KEY, {
          ...previous,
          ...(body.nome !== undefined && { nome: body.nome }),
          ...(body.theme !== undefined && { theme: body.theme }),
          notificationPrefs: { ...previous.notificationPrefs, ...body.notificationPrefs },
        });
      }
      return { previous };
    },
    onSuccess: (profile) => {
      queryClient.setQueryData(PROFILE_KEY, profile);
      syncSessionUser(queryClient, profile);
    },
    onError: (error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(PROFILE_KEY, context.previous);
      toastError(error.message);
    },
  });
}
