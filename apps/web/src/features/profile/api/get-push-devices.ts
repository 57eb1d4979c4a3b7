import type { PushDeviceList } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export const PUSH_DEVICES_KEY = ['push', 'devices'] as const;

/** GET /push/subscriptions — the signed-in person's devices that receive pushes. */
export function getPushDevices(): Promise<PushDeviceList> {
  return api.get<PushDeviceList>('/push/subscriptions');
}

export function usePushDevices() {
  return useQuery({ queryKey: PUSH_DEVICES_KEY, queryFn: getPushDevices });
}
