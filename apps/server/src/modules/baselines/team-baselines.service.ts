import type {
  TeamBaselineCreateBody,
  TeamBaselineDemand,
  TeamBaselineDetail,
  TeamBaselineSummary,
  TeamBaselineTask,
} from '@eproto/domain';
import { CALENDAR_DAYS, can, MAX_BASELINES_PER_TEAM } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import { calendarsOfMurals } from '../calendar/calendar.service.ts';
import type { createTeamService } from '../planning/team.service.ts';
import { compareWithBaseline } from './baseline-variance.ts';
import {
  createTeamBaselinesRepo,
  type TeamBaselineRow,
  type TeamCurrentTask,
  type TeamSavedTask,
} from './team-baselines.repo.ts';

const noTeam = () => new AppError('NOT_FOUND', 'Equipe não encontrada.');
const noBaseline = () => new AppError('NOT_FOUND', 'Linha de base não encontrada.');

const toSummary = (b: TeamBaselineRow): TeamBaselineSummary => ({
  id: b.id,
  coordenador_id: b.coordenadorId,
  nome: b.nome,
  created_at: b.createdAt.toISOString(),
  created_by_nome: b.createdByNome,
  tarefas: b.tarefas,
  demandas: b.demandas,
});

function groupBy<T>(list: readonly T[], key: (x: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const x of list) {
    const k = key(x);
    const l = out.get(k);
    if (l) l.push(x);
    else out.set(k, [x]);
  }
  return out;
}

/**
 * Baselines of the team Gantt (issue 36 point 2): a named snapshot of every demand where a
 * coordenador's team has a dated task, compared task by task and demand by demand with the
 * plan as it is now. Permission team.baselines (the route's guard); the team must be one the
 * caller sees (as the team Gantt's filter, 404 otherwise), and a coordenador works with their
 * own team only (another team is 404).
 */
export function createTeamBaselinesService(
  deps: ServiceDeps,
  { teams }: { teams: ReturnType<typeof createTeamService> },
) {
  const { db } = deps.database;
  const repo = createTeamBaselinesRepo(db);

  /** The team's people, if the caller may work with its baselines (404 otherwise). */
  const teamOf = async (u: ScopeUser, coordenadorId: number) => {
    if (can(u, 'team.lead') && coordenadorId !== u.id) throw noTeam();
    try {
      return await teams.team(u, coordenadorId);
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') throw noTeam();
      throw err;
    }
  };

  /** The baseline, if its team is the caller's to see (404 otherwise, as a missing one). */
  const visible = async (u: ScopeUser, id: number) => {
    const b = await repo.get(id);
    if (!b) throw noBaseline();
    try {
      await teamOf(u, b.coordenadorId);
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') throw noBaseline();
      throw err;
    }
    return b;
  };

  return {
    async list(u: ScopeUser, coordenadorId: number): Promise<TeamBaselineSummary[]> {
      await teamOf(u, coordenadorId);
      return (await repo.list(coordenadorId)).map(toSummary);
    },

    async create(u: ScopeUser, body: TeamBaselineCreateBody): Promise<TeamBaselineSummary> {
      const members = (await teamOf(u, body.coordenador_id)).map((p) => p.id);
      return db.transaction(async (tx) => {
        const r = createTeamBaselinesRepo(tx);
        if ((await r.countOf(body.coordenador_id)) >= MAX_BASELINES_PER_TEAM) {
          throw new AppError(
            'CONFLICT',
            `A equipe já tem ${MAX_BASELINES_PER_TEAM} linhas de base: exclua uma antiga antes.`,
          );
        }
        const id = await r.insert(u, {
          coordenadorId: body.coordenador_id,
          nome: body.nome,
          members,
        });
        return toSummary((await r.get(id))!);
      });
    },

    async detail(u: ScopeUser, id: number): Promise<TeamBaselineDetail> {
      const b = await visible(u, id);
      const saved = await repo.tasks(u, id);
      const muralIds = [...new Set(saved.map((s) => s.muralId))];
      const [current, calendars, titles] = await Promise.all([
        repo.currentTasks(u, muralIds),
        calendarsOfMurals(db, muralIds),
        repo.muralTitles(muralIds),
      ]);
      const savedOf = groupBy<TeamSavedTask>(saved, (s) => s.muralId);
      const currentOf = groupBy<TeamCurrentTask>(current, (c) => c.muralId);
      const tasks: TeamBaselineTask[] = [];
      const demands: TeamBaselineDemand[] = [];
      for (const muralId of muralIds) {
        const cal = calendars.get(muralId) ?? CALENDAR_DAYS;
        const uteis = cal !== CALENDAR_DAYS;
        const cmp = compareWithBaseline(
          savedOf.get(muralId) ?? [],
          currentOf.get(muralId) ?? [],
          cal,
        );
        for (const t of cmp.tasks) tasks.push({ ...t, mural_id: muralId, dias_uteis: uteis });
        demands.push({
          mural_id: muralId,
          titulo: titles.get(muralId) ?? '',
          dias_uteis: uteis,
          fim_base: cmp.fimBase,
          fim_atual: cmp.fimAtual,
          variacao: cmp.variacao,
        });
      }
      const order = new Map(saved.map((s, i) => [s.protocolId, i]));
      tasks.sort((a, c) => order.get(a.protocol_id)! - order.get(c.protocol_id)!);
      demands.sort(
        (a, c) =>
          (c.variacao ?? -Infinity) - (a.variacao ?? -Infinity) ||
          a.titulo.localeCompare(c.titulo, 'pt-BR'),
      );
      return { ...toSummary(b), tasks, por_demanda: demands };
    },

    async remove(u: ScopeUser, id: number) {
      const b = await visible(u, id);
      const removed = await db.transaction((tx) =>
        createTeamBaselinesRepo(tx).remove(id, b.coordenadorId),
      );
      if (!removed) throw noBaseline();
    },
  };
}
