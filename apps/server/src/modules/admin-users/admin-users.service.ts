import type { AdminUser, AdminContractRef, updateUserBody } from '@eproto/domain';
import type { z } from 'zod';
import {
  canChangeRole,
  canManageUser,
  MANAGE_PRIVILEGED_DENIED,
  roleOf,
  INTERNAL_EVENTS,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { createAuthService } from '../auth/auth.service.ts';
import { avatarUrl } from '../users/users.mapper.ts';
import { createAdminUsersRepo, type UserListFilter, type UserRow } from './admin-users.repo.ts';

function toAdminUser(u: UserRow, contracts: AdminContractRef[]): AdminUser {
  return {
    id: u.id,
    email: u.email,
    nome: u.nome,
    type: roleOf(u.role),
    rawType: u.role,
    avatar: avatarUrl(u),
    active: u.active,
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
    contracts,
    cpf: u.cpf,
    matricula: u.matricula,
    funcao: u.funcao,
    admissao: u.admissao,
  };
}

/** /users: list, edit name and role, deactivate/reactivate, send a password reset. */
export function createAdminUsersService(deps: ServiceDeps) {
  const db = deps.database.db;
  const repo = createAdminUsersRepo(db);
  const auth = createAuthService(deps);

  async function withContracts(u: UserRow): Promise<AdminUser> {
    const map = await repo.contractsOf([u.id]);
    return toAdminUser(u, map.get(u.id) ?? []);
  }

  async function target(id: number): Promise<UserRow> {
    const u = await repo.byId(id);
    if (!u) throw notFound('Usuário');
    return u;
  }

  /** The user, if the actor may edit, deactivate or reactivate them (separation of duties). */
  async function managed(actor: SessionUser, id: number): Promise<UserRow> {
    const u = await target(id);
    if (!canManageUser(actor.type, u.role))
      throw new AppError('FORBIDDEN', MANAGE_PRIVILEGED_DENIED);
    return u;
  }

  return {
    async list(filter: UserListFilter) {
      const { rows, total } = await repo.list(filter);
      const map = await repo.contractsOf(rows.map((r) => r.id));
      return {
        items: rows.map((r) => toAdminUser(r, map.get(r.id) ?? [])),
        total,
        page: filter.page,
        perPage: filter.perPage,
      };
    },

    async update(actor: SessionUser, id: number, body: z.output<typeof updateUserBody>) {
      const u = await managed(actor, id);
      const patch: Parameters<typeof repo.update>[1] = {};
      if (body.nome !== undefined) patch.nome = body.nome;
      for (const k of ['cpf', 'matricula', 'funcao', 'admissao'] as const) {
        if (body[k] !== undefined) patch[k] = body[k];
      }
      if (patch.cpf && (await repo.cpfTaken(patch.cpf, u.id))) {
        throw new AppError('CONFLICT', 'Este CPF já está cadastrado para outra pessoa.', 'cpf');
      }
      if (body.role !== undefined && body.role !== u.role) {
        if (u.id === actor.id) {
          throw new AppError('FORBIDDEN', 'Você não pode alterar o próprio papel.');
        }
        if (!canChangeRole(actor.type, u.role, body.role)) {
          throw new AppError(
            'FORBIDDEN',
            'Somente a TI ou a diretoria podem conceder ou retirar os papéis de TI, diretoria e diretor financeiro (CFO).',
          );
        }
        patch.role = body.role;
      }
      const updated = await db.transaction((tx) => createAdminUsersRepo(tx).update(u.id, patch));
      // The new name or role must reach every node's session cache at once.
      if (patch.role !== undefined || patch.nome !== undefined) {
        await deps.events.publish({
          type: INTERNAL_EVENTS.sessionInvalidate,
          data: { userId: u.id },
        });
      }
      return withContracts(updated);
    },

    async setActive(actor: SessionUser, id: number, active: boolean) {
      const u = await managed(actor, id);
      if (u.id === actor.id) {
        throw new AppError('FORBIDDEN', 'Você não pode desativar ou reativar a própria conta.');
      }
      const { updated, invalidate } = await db.transaction(async (tx) => ({
        updated: u.active === active ? u : await createAdminUsersRepo(tx).update(u.id, { active }),
        invalidate: active ? null : await auth.revokeAccessIn(tx, u.id),
      }));
      await invalidate?.();
      return withContracts(updated);
    },

    async sendPasswordReset(id: number, ip: string) {
      const u = await target(id);
      if (!u.active) {
        throw new AppError(
          'VALIDATION',
          'Usuário desativado: reative a conta antes de enviar o link.',
        );
      }
      await auth.requestPasswordReset(u.email, ip);
    },
  };
}
