import type { PlanPredecessor, Stage } from '@eproto/domain';
import type { createPlansRepo } from './plans.repo.ts';

/** One task of an exported plan: `ref` is its number in the file (1, 2, 3… in creation order). */
export interface PlanExportTask {
  ref: number;
  titulo: string;
  inicio: string | null;
  fim: string | null;
  horas: number | null;
  email: string | null;
  nome: string | null;
  predecessoras: PlanPredecessor[];
  stage: Stage;
}

type Repo = ReturnType<typeof createPlansRepo>;

/** The demand's tasks numbered 1..n, each with its predecessors named by those numbers. */
export function planForExport(
  tasks: Awaited<ReturnType<Repo['tasks']>>,
  links: Awaited<ReturnType<Repo['links']>>,
): PlanExportTask[] {
  const refOf = new Map(tasks.map((r, i) => [r.task.id, i + 1]));
  return tasks.map((r, i) => ({
    ref: i + 1,
    titulo: r.task.titulo,
    inicio: r.task.inicioPrevisto,
    fim: r.task.fimPrevisto,
    horas: r.task.horasEstimadas === null ? null : Number(r.task.horasEstimadas),
    email: r.email,
    nome: r.nome,
    predecessoras: links
      .filter((l) => l.protocolId === r.task.id)
      .map((l) => ({ ref: refOf.get(l.predecessorId)!, lag_days: l.lagDays })),
    stage: r.task.stage,
  }));
}
