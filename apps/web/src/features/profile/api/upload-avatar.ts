import type { Profile } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { uploadWithProgress } from '../../../lib/upload.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { PROFILE_KEY } from './get-profile.ts';
import { syncSessionUser } from './sync-session-user.ts';

/** POST /profile/avatar (multipart "file") — the square picture cropped in the browser. */
export function uploadAvatar(image: Blob): Promise<Profile> {
  const form = new FormData();
  form.append('file', image, 'avatar.jpg');
  return uploadWithProgress<Profile>('/profile/avatar', form, { timeoutMs: 60_000 });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (profile) => {
      queryClient.setQueryData(PROFILE_KEY, profile);
      syncSessionUser(queryClient, profile, true);
      toastSuccess('Foto atualizada.');
    },
    onError: (error) => toastError(error.message),
  });
}
