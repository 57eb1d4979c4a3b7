import {
  missingRequired,
  osAnswerRefusal,
  siteText,
  todayIn,
  type osAnswerBody,
  type OsAssets,
  type osMeterBody,
} from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { OsActor } from '../service-orders/service-order-access.ts';
import { createOsKit } from '../service-orders/service-orders.service.ts';
import { createServiceOrdersRepo } from '../service-orders/service-orders.repo.ts';
import { createServiceTypesRepo } from '../service-orders/service-types.repo.ts';
import { checkedAnswer, toItemRule } from '../service-orders/service-types.service.ts';
import { linkOsAssets, valueOf } from '../service-orders/os-assets.ts';
import { createOsAssetsRepo } from '../service-orders/os-assets.repo.ts';
import { publishAssetChanged } from './asset-events.ts';
import { createAssetMeterRepo } from './asset-meter.repo.ts';
import { createAssetsRepo } from './assets.repo.ts';
import { checkReading } from './asset-meter.service.ts';

type ReadingRow = Awaited<ReturnType<ReturnType<typeof createAssetMeterRepo>['readingsOf']>>[0];

/** An asset's meter as the OS shows it: the last reading outside the OS and the OS's own. */
function meterOf(rows: ReadingRow[], osId: number) {
  const own = rows.find((r) => r.serviceOrderId === osId);
  const others = rows.filter((r) => r.serviceOrderId !== osId);
  const last = others[others.length - 1];
  return {
    ultima: last ? { horas: last.horas, data: last.data } : null,
    desta_os: own ? { horas: own.horas, data: own.data } : null,
  };
}

/** GET/PUT /api/tatico/os/:id/ativos and the per-asset checklist answers. */
export function createOsAssetsService(deps: ServiceDeps) {
  const kit = createOsKit(deps);
  const { db } = kit;

  async function view(u: OsActor, id: number): Promise<OsAssets> {
    const a = await kit.access.of(u, id);
    const repo = createOsAssetsRepo(db);
    const [linked, answers, items, photos] = [
      await repo.osAssetRows(id),
      await repo.answers(id),
      await createServiceTypesRepo(db).items([a.row.o.versionId]),
      await createServiceOrdersRepo(db).photos(id),
    ];
    const perItem = new Map<number, number>();
    for (const p of photos) {
      const k = p.p.checklistItemId;
      if (k !== null) perItem.set(k, (perItem.get(k) ?? 0) + 1);
    }
    const rules = items.map(toItemRule);
    const meterRepo = createAssetMeterRepo(db);
    const ids = linked.map((l) => l.a.id);
    const [metered, readings] = [await meterRepo.metered(ids), await meterRepo.readingsOf(ids)];
    const open = a.row.o.selo === null && !['concluida', 'cancelada'].includes(a.row.o.status);
    return {
      ativos: linked.map(({ a: asset, tipoNome }) => {
        const mine = answers.filter((x) => x.assetId === asset.id);
        return {
          id: asset.id,
          tag: asset.tag,
          tipo: tipoNome,
          local: siteText(asset),
          respostas: mine.map((x) => ({
            item_id: x.itemId,
            ...valueOf(x),
            observacao: x.observacao,
            respondido_em: x.respondidoEm.toISOString(),
            device_time: x.deviceTime?.toISOString() ?? null,
          })),
          faltando: missingRequired(
            rules,
            new Map(mine.map((x) => [x.itemId, valueOf(x)])),
            perItem,
          ),
          horimetro: metered.has(asset.id)
            ? meterOf(
                readings.filter((r) => r.assetId === asset.id),
                id,
              )
            : null,
        };
      }),
      pode_editar: a.manager && open,
    };
  }

  return {
    view,

    /**
     * The hour meter read during the OS (its checklist, by the team after check-in): stored as
     * the asset's reading with the OS linked, one per OS and asset (typed again, replaced),
     * on the phone's day; never below an earlier reading nor above a later one.
     */
    async meter(u: OsActor, id: number, assetId: number, b: z.output<typeof osMeterBody>) {
      const a = await kit.access.of(u, id);
      kit.assertTeam(a);
      const now = new Date();
      const deviceTime = kit.deviceTime(b, now);
      const data = todayIn(kit.tz, deviceTime ?? now);
      const version = await db.transaction(async (tx) => {
        const cur = await kit.lockOpen(tx, id);
        const beforeCheckIn = osAnswerRefusal(cur.status);
        if (beforeCheckIn) throw new AppError('CONFLICT', beforeCheckIn);
        if (!(await createOsAssetsRepo(tx).osAssetRows(id)).some((l) => l.a.id === assetId)) {
          throw new AppError('NOT_FOUND', 'Este ativo não está na OS.');
        }
        const repo = createAssetMeterRepo(tx);
        await repo.lockAsset(assetId);
        await checkReading(repo, { assetId, horas: b.horas, data, exceptOs: id });
        const own = await repo.ofOs(assetId, id);
        if (own) await repo.update(own.id, { horas: b.horas, data, registradoPor: u.id });
        else {
          await repo.insert({
            assetId,
            horas: b.horas,
            data,
            serviceOrderId: id,
            registradoPor: u.id,
          });
        }
        return {
          os: await createServiceOrdersRepo(tx).touch(id),
          asset: await createAssetsRepo(tx).update(assetId),
        };
      });
      await kit.changed(id, version.os);
      await publishAssetChanged(deps, version.asset, { part: 'meter' });
      return view(u, id);
    },

    /** gestão changes which assets the OS serves (until it is concluded). */
    async replace(u: OsActor, id: number, ids: number[]) {
      const a = await kit.access.of(u, id);
      if (!a.manager) {
        throw new AppError('FORBIDDEN', 'Só a gestão do contrato altera os ativos da OS.');
      }
      const version = await db.transaction(async (tx) => {
        const cur = await kit.lockOpen(tx, id);
        await linkOsAssets(tx, cur, ids);
        const r = createServiceOrdersRepo(tx);
        await r.insertEvent({
          serviceOrderId: id,
          tipo: 'ativos',
          userId: u.id,
          em: new Date(),
          texto: `Ativos da OS alterados (${ids.length}).`,
        });
        return r.touch(id);
      });
      await kit.changed(id, version);
      return view(u, id);
    },

    /** One checklist answer for one asset, validated like the OS's own answers. */
    async answer(
      u: OsActor,
      id: number,
      assetId: number,
      itemId: number,
      b: z.output<typeof osAnswerBody>,
    ) {
      const a = await kit.access.of(u, id);
      kit.assertTeam(a);
      const now = new Date();
      const deviceTime = kit.deviceTime(b, now);
      const version = await db.transaction(async (tx) => {
        const cur = await kit.lockOpen(tx, id);
        const beforeCheckIn = osAnswerRefusal(cur.status);
        if (beforeCheckIn) throw new AppError('CONFLICT', beforeCheckIn);
        const repo = createOsAssetsRepo(tx);
        const linked = await repo.osAssetRows(id);
        if (!linked.some((l) => l.a.id === assetId)) {
          throw new AppError('NOT_FOUND', 'Este ativo não está na OS.');
        }
        const { empty, columns } = checkedAnswer(
          await createServiceTypesRepo(tx).item(cur.versionId, itemId),
          b,
        );
        if (empty) await repo.deleteAnswer(id, assetId, itemId);
        else
          await repo.upsertAnswer({
            serviceOrderId: id,
            assetId,
            itemId,
            ...columns,
            respondidoPor: u.id,
            respondidoEm: now,
            deviceTime,
          });
        return createServiceOrdersRepo(tx).touch(id);
      });
      await kit.changed(id, version);
      return view(u, id);
    },
  };
}
