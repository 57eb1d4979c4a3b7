import type { BaselineTask, WorkingCalendar } from '@eproto/domain';
import { workingDaysDiff } from '@eproto/domain';
import type { CurrentTaskRow } from './baselines.repo.ts';

/** A task as the baseline saved it. */
export interface SavedTask {
  protocolId: number;
  titulo: string;
  inicio: string;
  fim: string;
}

/**
 * Each saved task beside the plan as it is now, and the demand's finish variance. "Now" is
 * what happened when it happened (real start and end), else the current planned dates, as
 * MS Project's variance. Positive = later than the baseline; counted in `cal` (working days
 * for a demand that plans in them, plain days otherwise).
 */
export function compareWithBaseline(
  saved: readonly SavedTask[],
  current: readonly CurrentTaskRow[],
  cal: WorkingCalendar,
): {
  tasks: BaselineTask[];
  fimBase: string | null;
  fimAtual: string | null;
  variacao: number | null;
} {
  const now = new Map(current.map((t) => [t.id, t]));
  const diff = (from: string, to: string | null) => (to ? workingDaysDiff(cal, from, to) : null);
  const tasks = saved.map((s): BaselineTask => {
    const c = now.get(s.protocolId);
    const inicio = c ? (c.inicioReal ?? c.inicio) : null;
    const fim = c ? (c.fimReal ?? c.fim) : null;
    return {
      protocol_id: s.protocolId,
      titulo: c?.titulo ?? s.titulo,
      inicio_base: s.inicio,
      fim_base: s.fim,
      inicio_atual: inicio,
      fim_atual: fim,
      variacao_inicio: diff(s.inicio, inicio),
      variacao_fim: diff(s.fim, fim),
    };
  });
  const latest = (dates: Array<string | null>) =>
    dates.reduce<string | null>((a, d) => (d && (!a || d > a) ? d : a), null);
  const fimBase = latest(saved.map((s) => s.fim));
  const fimAtual = latest(current.map((c) => c.fimReal ?? c.fim));
  return {
    tasks,
    fimBase,
    fimAtual,
    variacao: fimBase && fimAtual ? workingDaysDiff(cal, fimBase, fimAtual) : null,
  };
}
