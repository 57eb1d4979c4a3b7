import type { PushDevice } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { currentPushSubscription } from '../lib/browser-push.ts';
import { PUSH_DEVICES_KEY } from './get-push-devices.ts';

/** DELETE /push/subscriptions/:id; this browser's own subscription is also ended here. */
export async function removePushDevice(device: Pick<PushDevice, 'id' | 'endpoint'>) {
  await api.delete(`/push/subscriptions/${device.id}`);
  const mine = await currentPushSubscription();
  if (mine?.endpoint === device.endpoint) await mine.unsubscribe().catch(() => false);
}

export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePushDevice,
    onSuccess: () => toastSuccess('Aparelho removido: ele não recebe mais notificações.'),
    onError: (error) => toastError(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PUSH_DEVICES_KEY }),
  });
}
