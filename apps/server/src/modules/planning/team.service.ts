import { can, roleOf, type TeamMember, type UserRef } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { seesEverything, type ScopeUser } from '../access/scope.service.ts';
import { toUserRef } from '../access/user-ref.ts';
import { createTeamRepo, type PersonRow } from './team.repo.ts';

const notFound = () => new AppError('NOT_FOUND', 'Coordenador não encontrado.');

/**
 * Who is in whose team. The team of a coordenador (team.lead) is the coordenador plus the
 * active team.member people (equipe, coordenador) who share a contract or a board with them,
 * limited to people the caller may see (those sharing a contract or board with the caller;
 * everyone for diretoria, ti and administrador).
 */
export function createTeamService(deps: ServiceDeps) {
  const repo = createTeamRepo(deps.database.db);

  const visiblePeople = (u: ScopeUser) => repo.people(seesEverything(u) ? null : u.id);

  async function coordenadorTeam(u: ScopeUser, coordenadorId: number): Promise<PersonRow[]> {
    const visible = await visiblePeople(u);
    const coord = visible.find((p) => p.id === coordenadorId);
    if (!coord || !can(roleOf(coord.role), 'team.lead')) throw notFound();
    const visibleIds = new Set(visible.map((p) => p.id));
    const around = await repo.people(coordenadorId);
    return around.filter(
      (p) => p.id === coordenadorId || (visibleIds.has(p.id) && can(roleOf(p.role), 'team.member')),
    );
  }

  /** The team: of `coordenadorId`; of the caller when a coordenador; else everyone visible. */
  async function team(u: ScopeUser, coordenadorId?: number): Promise<PersonRow[]> {
    if (coordenadorId !== undefined) return coordenadorTeam(u, coordenadorId);
    if (can(u, 'team.lead')) return coordenadorTeam(u, u.id);
    return visiblePeople(u);
  }

  return {
    team,

    /** Everyone the caller may see (sharing a contract or board; all for the broad roles). */
    visible: visiblePeople,

    /** GET /team/members: the team with each person's open task count. */
    async members(u: ScopeUser, coordenadorId?: number): Promise<TeamMember[]> {
      const people = await team(u, coordenadorId);
      const counts = await repo.openTaskCounts(
        u,
        people.map((p) => p.id),
      );
      return people.map((p) => ({ ...toUserRef(p), tarefas_abertas: counts.get(p.id) ?? 0 }));
    },

    /** GET /team/coordenadores: the coordenadores among the people the caller sees. */
    async coordenadores(u: ScopeUser): Promise<UserRef[]> {
      const people = await visiblePeople(u);
      return people.filter((p) => can(roleOf(p.role), 'team.lead')).map(toUserRef);
    },
  };
}
