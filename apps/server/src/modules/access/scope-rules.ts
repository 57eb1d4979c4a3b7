import { can, type Role } from '@eproto/domain';

/** The part of the signed-in user that scope rules read. */
export interface ScopeUser {
  id: number;
  type: Role;
}

/** contracts.all (diretoria, ti, administrador): every contract, board and demand. */
export function seesEverything(u: ScopeUser): boolean {
  return can(u, 'contracts.all');
}

/** demands.manage (the gestores, ti and administrador): create and edit boards/demands. */
export function isManager(u: ScopeUser): boolean {
  return can(u, 'demands.manage');
}
