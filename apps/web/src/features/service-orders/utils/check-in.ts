import { distanceMeters, OS_CHECK_IN_MAX_DISTANCE_M } from '@eproto/domain';

import type { StampPosition } from './photo-stamp.ts';

/**
 * Distance from the phone to the site, when both are known, and whether a check-in there
 * needs a reason (more than 300 m away). Without either position nothing is asked.
 */
export function checkInDistance(
  site: { latitude: number | null; longitude: number | null },
  here: StampPosition | null,
): { distancia_m: number | null; precisaMotivo: boolean } {
  if (!here || site.latitude === null || site.longitude === null) {
    return { distancia_m: null, precisaMotivo: false };
  }
  const d = distanceMeters({ latitude: site.latitude, longitude: site.longitude }, here);
  return { distancia_m: Math.round(d), precisaMotivo: d > OS_CHECK_IN_MAX_DISTANCE_M };
}
