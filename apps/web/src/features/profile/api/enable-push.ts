import type { PushDevice } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { subscribeThisBrowser } from '../lib/browser-push.ts';
import { PUSH_DEVICES_KEY } from './get-push-devices.ts';
import { getPushPublicKey } from './get-push-public-key.ts';

/** Asks the browser for permission, subscribes it and POST /push/subscriptions. */
export async function enablePush(): Promise<PushDevice> {
  const subscription = await subscribeThisBrowser(await getPushPublicKey());
  const { endpoint, keys } = subscription.toJSON();
  return api.post<PushDevice>('/push/subscriptions', { endpoint, keys });
}

export function useEnablePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enablePush,
    onSuccess: () => toastSuccess('Notificações ativadas neste aparelho.'),
    onError: (error) => toastError(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PUSH_DEVICES_KEY }),
  });
}
