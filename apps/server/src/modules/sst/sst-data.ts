import {
  addMonthsTo,
  can,
  needsToxicological,
  type Role,
  roleOf,
  TOXICOLOGICAL_VALID_MONTHS,
} from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import { asoNextDue } from './sst-gate.ts';
import { createSstRepo } from './sst.repo.ts';
import { queryAll } from '../../db/query-all.ts';

/** One thing that expires, for one person: the current training, ASO, CNH or exam. */
export interface ExpiringItem {
  /** Stable across runs: kind, record and date ("treinamento:12:2026-10-12"). */
  key: string;
  coluna: string;
  rotulo: string;
  userId: number;
  nome: string;
  validade: string;
}

/**
 * What each active field worker holds and when it ends: the latest record of each training,
 * the next ASO, the CNH and (C/D/E) the toxicological exam.
 */
export async function currentItems(
  db: DbOrTx,
  f: { contractId?: number | undefined; funcao?: string | undefined } = {},
) {
  const repo = createSstRepo(db);
  await repo.ensureCatalogue();
  const people = (await repo.people(f)).filter((p) => p.id > 0);
  const roles = new Map<number, Role>();
  const ids = people.map((p) => p.id);
  const [records, asos, cnhs, periods, trainings, roleRows] = await queryAll(db, [
    () => repo.records(ids),
    () => repo.asos(ids),
    () => repo.cnhs(ids),
    () => repo.periodicities(ids),
    () => repo.trainings(true),
    () => repo.roles(ids),
  ]);
  for (const r of roleRows) roles.set(r.id, roleOf(r.role));
  const field = people.filter((p) => can(roles.get(p.id) ?? 'equipe', 'sst.field'));
  const byTraining = new Map(trainings.map((t) => [t.id, t]));
  const items: ExpiringItem[] = [];
  for (const p of field) {
    const latest = new Map<number, (typeof records)[number]>();
    for (const r of records) {
      if (r.userId !== p.id || !byTraining.has(r.trainingId)) continue;
      const cur = latest.get(r.trainingId);
      if (!cur || r.validade > cur.validade) latest.set(r.trainingId, r);
    }
    for (const r of latest.values()) {
      items.push({
        key: `treinamento:${r.id}:${r.validade}`,
        coluna: `t${r.trainingId}`,
        rotulo: byTraining.get(r.trainingId)!.codigo,
        userId: p.id,
        nome: p.nome,
        validade: r.validade,
      });
    }
    const aso = asos.find((a) => a.userId === p.id);
    const next = asoNextDue(aso, periods.get(p.id) ?? 12);
    if (aso && next) {
      items.push({
        key: `aso:${aso.id}:${next}`,
        coluna: 'aso',
        rotulo: 'ASO',
        userId: p.id,
        nome: p.nome,
        validade: next,
      });
    }
    const cnh = cnhs.find((c) => c.userId === p.id);
    if (cnh) {
      items.push({
        key: `cnh:${p.id}:${cnh.validade}`,
        coluna: 'cnh',
        rotulo: 'CNH',
        userId: p.id,
        nome: p.nome,
        validade: cnh.validade,
      });
      if (needsToxicological(cnh.categoria) && cnh.toxicologicoData) {
        const due = addMonthsTo(cnh.toxicologicoData, TOXICOLOGICAL_VALID_MONTHS);
        items.push({
          key: `toxicologico:${p.id}:${due}`,
          coluna: 'toxicologico',
          rotulo: 'Exame toxicológico',
          userId: p.id,
          nome: p.nome,
          validade: due,
        });
      }
    }
  }
  return { people: field, trainings, items };
}
