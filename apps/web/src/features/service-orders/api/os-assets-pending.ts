import type { OsAnswerBody, OsAssets, OsDetail } from '@eproto/domain';
import { missingRequired } from '@eproto/domain';

import type { OutboxItem } from '../../../lib/offline/outbox-types.ts';

type Asset = OsAssets['ativos'][number];

/** Key of one asset's answer to one item in the pending view. */
export const assetAnswerKey = (assetId: number, itemId: number) => `${assetId}:${itemId}`;
/** Key of one asset's hour meter reading in the pending view. */
export const assetMeterKey = (assetId: number) => `${assetId}:horimetro`;

/** A queued hour meter reading shown as this OS's reading of the asset (its day, the phone's). */
export function applyAssetMeter(assets: OsAssets, w: OutboxItem): OsAssets {
  const assetId = Number(w.meta.assetId);
  const horas = (w.body as { horas: number }).horas;
  const data = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(w.deviceTime),
  );
  return {
    ...assets,
    ativos: assets.ativos.map((a) =>
      a.id !== assetId
        ? a
        : {
            ...a,
            horimetro: { ultima: a.horimetro?.ultima ?? null, desta_os: { horas, data } },
          },
    ),
  };
}

/**
 * A queued answer of one asset applied to the assets as the phone shows them (the server's copy
 * with what waits on top); `missing` is worked out again by recountAssets.
 */
export function applyAssetAnswer(assets: OsAssets, w: OutboxItem): OsAssets {
  const assetId = Number(w.meta.assetId);
  const itemId = Number(w.meta.itemId);
  const b = w.body as OsAnswerBody;
  const answer = {
    item_id: itemId,
    valor_sim_nao: b.valor_sim_nao ?? null,
    valor_numero: b.valor_numero ?? null,
    valor_texto: b.valor_texto ?? null,
    valor_opcoes: b.valor_opcoes ?? null,
    valor_data: b.valor_data ?? null,
    observacao: b.observacao ?? null,
    respondido_em: w.deviceTime,
    device_time: w.deviceTime,
  };
  return {
    ...assets,
    ativos: assets.ativos.map((a) =>
      a.id !== assetId
        ? a
        : { ...a, respostas: [...a.respostas.filter((r) => r.item_id !== itemId), answer] },
    ),
  };
}

/**
 * What each asset still misses, and the OS's `pendencias` named by asset ("AC-01: Filtro
 * limpo"), as the server words them (service-order-detail, missingPerAsset): every item of the
 * OS's checklist per asset, photo items counting the OS's photos.
 */
export function recountAssets(
  os: OsDetail,
  assets: OsAssets,
  photos: ReadonlyMap<number, number>,
): { os: OsDetail; assets: OsAssets } {
  const items = os.checklist.map((c) => c.item);
  const ativos: Asset[] = assets.ativos.map((a) => ({
    ...a,
    faltando: missingRequired(items, new Map(a.respostas.map((r) => [r.item_id, r])), photos),
  }));
  return {
    os: { ...os, pendencias: ativos.flatMap((a) => a.faltando.map((m) => `${a.tag}: ${m}`)) },
    assets: { ...assets, ativos },
  };
}
