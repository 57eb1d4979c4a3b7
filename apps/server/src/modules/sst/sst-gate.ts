import {
  addMonthsTo,
  driverRefusal,
  gateReasons,
  todayIn,
  type GateRequirement,
  type VehicleCnhCategory,
  type WorkerQualifications,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { createSstRepo, type AsoRow, type RequirementRow, type TrainingRow } from './sst.repo.ts';
import { queryAll } from '../../db/query-all.ts';
import type { SstReason } from './sst-disclosure.ts';

/** Next ASO due date: the latest ASO plus the worker's periodicity; none after a demissional. */
export function asoNextDue(latest: AsoRow | undefined, months: number): string | null {
  if (!latest || latest.tipo === 'demissional') return null;
  return addMonthsTo(latest.data, months);
}

/** Label of a requirement in messages and lists ("NR-35", "ASO apto", "CNH válida"). */
export function requirementLabel(
  r: Pick<RequirementRow, 'tipo' | 'trainingId'>,
  trainings: Map<number, TrainingRow>,
) {
  if (r.tipo === 'aso') return 'ASO apto';
  if (r.tipo === 'cnh') return 'CNH válida';
  return trainings.get(r.trainingId ?? 0)?.codigo ?? 'Treinamento';
}

/** What the gate knows of each person: latest validity per training, latest ASO, CNH. */
export async function loadQualifications(
  db: DbOrTx,
  userIds: number[],
): Promise<Map<number, WorkerQualifications>> {
  const repo = createSstRepo(db);
  const ids = [...new Set(userIds)];
  const [people, records, asos, cnhs, periods] = await queryAll(db, [
    () => repo.persons(ids),
    () => repo.records(ids),
    () => repo.asos(ids),
    () => repo.cnhs(ids),
    () => repo.periodicities(ids),
  ]);
  const out = new Map<number, WorkerQualifications>();
  for (const p of people) {
    if (!p) continue;
    const treinamentos = new Map<number, string>();
    for (const r of records) {
      if (r.userId !== p.id) continue;
      const cur = treinamentos.get(r.trainingId);
      if (!cur || r.validade > cur) treinamentos.set(r.trainingId, r.validade);
    }
    const latest = asos.find((a) => a.userId === p.id);
    const cnh = cnhs.find((c) => c.userId === p.id);
    out.set(p.id, {
      nome: p.nome,
      treinamentos,
      aso: latest
        ? { resultado: latest.resultado, proximo: asoNextDue(latest, periods.get(p.id) ?? 12) }
        : null,
      cnh: cnh
        ? { categoria: cnh.categoria, validade: cnh.validade, toxicologico: cnh.toxicologicoData }
        : null,
    });
  }
  return out;
}

export interface TeamCheck {
  userIds: number[];
  activityTypeId: number;
  /** Last day of the work (YYYY-MM-DD): a requirement must be valid through it. */
  date: string;
}

/**
 * The gate other modules call (agenda, fleet, service orders): who of a team misses a
 * requirement of an activity type on a date, and why.
 */
export function createSstGate(deps: Pick<ServiceDeps, 'database' | 'config'>) {
  const today = () => todayIn(deps.config.COMPANY_TIME_ZONE);

  async function requirementsOf(db: DbOrTx, activityTypeId: number): Promise<GateRequirement[]> {
    const repo = createSstRepo(db);
    const type = await repo.activityType(activityTypeId);
    if (!type)
      throw new AppError('VALIDATION', 'Tipo de atividade não encontrado.', 'tipo_atividade_id');
    const [reqs, trainings] = await queryAll(db, [
      () => repo.requirements([activityTypeId]),
      () => repo.trainings(false),
    ]);
    const byId = new Map(trainings.map((t) => [t.id, t]));
    return reqs.map((r) => ({
      tipo: r.tipo,
      training_id: r.trainingId,
      rotulo: requirementLabel(r, byId),
    }));
  }

  return {
    /**
     * Everyone's pending requirements; `ok` when nobody misses anything. The reasons are
     * complete (health included): pass them through `discloseReasons` before anyone reads them.
     */
    async checkTeam(q: TeamCheck, db: DbOrTx = deps.database.db) {
      const reqs = await requirementsOf(db, q.activityTypeId);
      const quals = await loadQualifications(db, q.userIds);
      const t = today();
      const pendencias: SstReason[] = [];
      for (const id of [...new Set(q.userIds)]) {
        const w = quals.get(id);
        if (!w) continue;
        for (const motivo of gateReasons(w, reqs, q.date, t))
          pendencias.push({ user_id: id, nome: w.nome, motivo });
      }
      return { ok: pendencias.length === 0, pendencias };
    },

    /** Why this driver may not take a vehicle needing `required` (or any) today, or null. */
    async driverRefusal(
      userId: number,
      required: VehicleCnhCategory | null,
      db: DbOrTx = deps.database.db,
    ): Promise<string | null> {
      const w = (await loadQualifications(db, [userId])).get(userId);
      // A vehicle without a required category accepts a driver whose CNH is not on file yet;
      // a CNH on file is always checked (expiry, toxicological exam).
      if (!w || (!w.cnh && required === null)) return null;
      return driverRefusal(w.nome, w.cnh, required, today());
    },
  };
}

export type SstGate = ReturnType<typeof createSstGate>;
