import type { OsAssets } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { osKey } from './keys.ts';

/**
 * The assets an OS serves, under the OS's own key: what refreshes the OS (a step sent, the
 * push channel) refreshes them too, and they are kept on the phone with it.
 */
export const osAssetsKey = (osId: number) => [...osKey(osId), 'ativos'] as const;

/** GET /tatico/os/{id}/ativos — each asset with its answers and what it still misses. */
export function getOsAssets(osId: number): Promise<OsAssets> {
  return api.get(`/tatico/os/${osId}/ativos`);
}

export const osAssetsQuery = (osId: number) => ({
  queryKey: osAssetsKey(osId),
  queryFn: () => getOsAssets(osId),
});

/** The OS's assets, asked only when it serves any (`OsDetail.ativos`). */
export function useOsAssets(osId: number, enabled: boolean) {
  return useQuery({ ...osAssetsQuery(osId), enabled });
}

/** True when a write's answer is the assets of an OS (the per-asset answer's reply). */
export const isOsAssets = (d: unknown): d is OsAssets =>
  typeof d === 'object' && d !== null && 'ativos' in d && 'pode_editar' in d;
