import type { OsAssets, OsDetail, PersonRef } from '@eproto/domain';
import { isAnswered, missingRequired } from '@eproto/domain';

import type { OutboxItem } from '../../../lib/offline/outbox-types.ts';
import { recountAssets } from './os-assets-pending.ts';
import { localIdOf, type ApplyEnv, type BlobUrl, type Draft } from './os-pending-apply.ts';
import { OS_STEP_KINDS } from './os-step-kinds.ts';
import type { OsStep } from './os-step-request.ts';
import { emptyPendingView, NO_PENDING, type OsPendingView } from './os-pending-view.ts';

/** The queued write behind a local (negative) id. */
export function pendingWriteOf(items: readonly OutboxItem[], localId: number) {
  return items.find((i) => localIdOf(i) === localId && i.state !== 'sending');
}

/** Applies one waiting write to the OS shown, by its kind (OS_STEP_KINDS). */
function apply(d: Draft, w: OutboxItem, env: ApplyEnv) {
  // A write of a kind this version does not know (queued by another) is left as it is.
  OS_STEP_KINDS[w.meta.tipo as OsStep['tipo']]?.apply(d, w, env);
}

/**
 * Checklist counts and the missing required items again, with the queued answers and photos;
 * per asset when the OS serves assets.
 */
function recount(
  os: OsDetail,
  assets: OsAssets | undefined,
): { os: OsDetail; assets: OsAssets | undefined } {
  const photos = new Map<number, number>();
  for (const f of os.fotos) {
    if (f.checklist_item_id !== null) {
      photos.set(f.checklist_item_id, (photos.get(f.checklist_item_id) ?? 0) + 1);
    }
  }
  const checklist = os.checklist.map((c) => {
    const fotos = photos.get(c.item.id) ?? 0;
    return { ...c, fotos, respondido: isAnswered(c.item, c.resposta, fotos) };
  });
  if (assets && assets.ativos.length > 0)
    return recountAssets({ ...os, checklist }, assets, photos);
  const answers = new Map(checklist.flatMap((c) => (c.resposta ? [[c.item.id, c.resposta]] : [])));
  return {
    os: {
      ...os,
      checklist,
      pendencias: missingRequired(
        checklist.map((c) => c.item),
        answers,
        photos,
      ),
    },
    assets,
  };
}

/**
 * The OS as the technician sees it: the server's copy with every step still waiting on the
 * phone applied in order (check-in done, answers, photos from their local Blob, materials, km,
 * the conclusion), and which parts are "aguardando conexão". Refused steps are not applied.
 * `assets` (the OS's assets as last read) get their queued answers too.
 */
export function applyPendingSteps(
  server: OsDetail,
  writes: readonly OutboxItem[],
  options: { me: PersonRef | null; blobUrl: BlobUrl; assets?: OsAssets | undefined },
): { os: OsDetail; assets: OsAssets | undefined; pending: OsPendingView } {
  const mine = writes.filter((w) => w.meta.osId === server.id);
  const waiting = mine.filter((w) => w.state !== 'attention');
  const attention = mine.filter((w) => w.state === 'attention');
  if (mine.length === 0) return { os: server, assets: options.assets, pending: NO_PENDING };
  const d: Draft = {
    os: { ...server },
    assets: options.assets,
    view: emptyPendingView(waiting, attention),
  };
  for (const w of waiting) apply(d, w, { me: options.me, urlOf: options.blobUrl });
  const shown = waiting.length > 0 ? recount(d.os, d.assets) : { os: d.os, assets: d.assets };
  return { ...shown, pending: d.view };
}
