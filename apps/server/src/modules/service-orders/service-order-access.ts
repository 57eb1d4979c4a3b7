import { can, type Role } from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { createScopeService } from '../access/scope.service.ts';
import { osVisibleWhere } from './service-order-list.repo.ts';
import { createServiceOrdersRepo, type OsJoined } from './service-orders.repo.ts';

export interface OsActor {
  id: number;
  type: Role;
  nome?: string;
}

/** What the caller is to one OS. */
export interface OsAccess {
  row: OsJoined;
  /** On the current team: runs the OS (steps, checklist, photos, materials, km). */
  onTeam: boolean;
  /** Gestor of the OS's contract: edits, cancels, manages the team. */
  manager: boolean;
  /** gerente/diretoria of the contract: addenda after sealing. */
  addendum: boolean;
}

export const osNotFound = () => new AppError('NOT_FOUND', 'OS não encontrada.');

const isManagerRole = (u: OsActor) => can(u, 'os.manage');

/**
 * Who sees which OS: equipe only the ones they are on; coordenador, gerente and diretoria the
 * OSs of their contracts (diretoria every contract) plus the ones they are on. Anything else
 * is 404, so ids cannot be probed.
 */
export function createOsAccess(db: DbOrTx) {
  const scopes = createScopeService(db);
  const repo = createServiceOrdersRepo(db);

  return {
    async of(u: OsActor, id: number): Promise<OsAccess> {
      const found = await repo.byIdWithTeam(id, u.id);
      if (!found) throw osNotFound();
      const { row, onTeam } = found;
      let manager = false;
      if (isManagerRole(u)) {
        const ids = await scopes.contractIds(u);
        manager = ids === 'all' || ids.includes(row.o.contractId);
      }
      if (!onTeam && !manager) throw osNotFound();
      return { row, onTeam, manager, addendum: manager && can(u, 'os.addendum') };
    },

    /** List condition: OSs the caller may see. */
    async listWhere(u: OsActor) {
      return osVisibleWhere(u.id, isManagerRole(u) ? await scopes.contractIds(u) : null);
    },

    /** 400 unless the caller manages the contract (used when creating). */
    async assertContract(u: OsActor, contractId: number) {
      if (!isManagerRole(u))
        throw new AppError('FORBIDDEN', 'Só gestores criam ordens de serviço.');
      try {
        await scopes.assertContractVisible(u, contractId);
      } catch {
        throw new AppError('VALIDATION', 'Contrato não encontrado.', 'contract_id');
      }
    },

    muralAccess: (u: OsActor, muralId: number) => scopes.muralAccess(u, muralId),
  };
}

export type OsAccessRules = ReturnType<typeof createOsAccess>;
