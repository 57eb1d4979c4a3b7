import type { OsPhotoMeta } from '@eproto/domain';

import type { CapturedPhoto } from '../components/photo-capture.tsx';

/** The upload metadata of a captured photo (osPhotoMeta), optionally for a checklist item. */
export function photoUploadMeta(
  p: CapturedPhoto,
  checklistItemId: number | null = null,
): OsPhotoMeta {
  return {
    tirada_em: p.meta.tirada_em,
    latitude: p.meta.latitude,
    longitude: p.meta.longitude,
    precisao_m: p.meta.precisao_m,
    tag: p.momento,
    legenda: p.legenda || null,
    checklist_item_id: checklistItemId,
    device_time: p.meta.tirada_em,
  };
}
