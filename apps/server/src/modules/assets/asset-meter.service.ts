import {
  averageUsePerDay,
  formatDateBr,
  formatBrNumber,
  todayIn,
  type MeterHistory,
  type meterReadingBody,
} from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { publishAssetChanged } from './asset-events.ts';
import { createAssetMeterRepo } from './asset-meter.repo.ts';
import { createAssetsRepo } from './assets.repo.ts';
import type { AssetActor } from './assets.service.ts';

const hours = (h: number) => `${formatBrNumber(h, { decimals: 1, grouping: true })} h`;

/**
 * Refuses a reading lower than the highest one on or before its day, or higher than the
 * lowest one after it (an OS's own reading, which it replaces, left out). Run it under
 * `lockAsset`, so two readings at once are compared one after the other.
 */
export async function checkReading(
  repo: ReturnType<typeof createAssetMeterRepo>,
  r: { assetId: number; horas: number; data: string; exceptOs?: number },
) {
  const { before, after } = await repo.around(r.assetId, r.data, r.exceptOs ?? null);
  if (before && r.horas < before.horas) {
    throw new AppError(
      'VALIDATION',
      `Leitura menor que a anterior (${hours(before.horas)} em ${formatDateBr(before.data)}): o horímetro não volta.`,
      'horas',
    );
  }
  if (after && r.horas > after.horas) {
    throw new AppError(
      'VALIDATION',
      `Leitura maior que a seguinte (${hours(after.horas)} em ${formatDateBr(after.data)}): confira a data.`,
      'horas',
    );
  }
}

/**
 * The hour meter (horímetro) of an asset: everyone who sees the asset (the technician in front
 * of it too) reads and records readings; a reading never goes below an earlier one nor above a
 * later one (docs/assets.md, "Horímetro").
 */
export function createAssetMeterService(
  deps: Pick<ServiceDeps, 'database' | 'events' | 'access' | 'config'>,
) {
  const db = deps.database.db;
  const scopes = deps.access.scope(db);

  async function visibleAsset(u: AssetActor, id: number) {
    const row = await createAssetsRepo(db).byId(id);
    if (!row) throw new AppError('NOT_FOUND', 'Ativo não encontrado.');
    const ids = await scopes.contractIds(u);
    if (ids !== 'all' && !ids.includes(row.a.contractId)) {
      throw new AppError('NOT_FOUND', 'Ativo não encontrado.');
    }
    return row;
  }

  return {
    async list(u: AssetActor, assetId: number): Promise<MeterHistory> {
      await visibleAsset(u, assetId);
      const rows = await createAssetMeterRepo(db).ofAsset(assetId);
      return {
        leituras: rows.map(({ r, nome }) => ({
          id: r.id,
          horas: r.horas,
          data: r.data,
          registrado_por:
            r.registradoPor !== null && nome !== null ? { id: r.registradoPor, nome } : null,
          registrado_em: r.createdAt.toISOString(),
        })),
        uso_medio_dia: averageUsePerDay(rows.map(({ r }) => r)),
        pode_registrar: true,
      };
    },

    async record(u: AssetActor, assetId: number, body: z.output<typeof meterReadingBody>) {
      await visibleAsset(u, assetId);
      if (body.data > todayIn(deps.config.COMPANY_TIME_ZONE)) {
        throw new AppError('VALIDATION', 'A data da leitura não pode ser no futuro.', 'data');
      }
      const version = await db.transaction(async (tx) => {
        const repo = createAssetMeterRepo(tx);
        await repo.lockAsset(assetId);
        await checkReading(repo, { assetId, horas: body.horas, data: body.data });
        await repo.insert({ assetId, horas: body.horas, data: body.data, registradoPor: u.id });
        // Hour plans' due dates (the list's overdue count) follow the meter: the version moves.
        return createAssetsRepo(tx).update(assetId);
      });
      await publishAssetChanged(deps, version, { part: 'meter' });
      return this.list(u, assetId);
    },
  };
}
