import type { AdminUser, AdminContractRef, updateUserBody } from '@eproto/domain';
import type { z } from 'zod';
import {
  canChangeRole,
  canManageUser,
  MANAGE_PRIVILEGED_DENIED,
  roleOf,
  sameTypedName,
  INTERNAL_EVENTS,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { removeAfterCommit } from '../../lib/storage-cleanup.ts';
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
    anonymizedAt: u.anonymizedAt?.toISOString() ?? null,
  };
}

const ACTIVE_REFUSED =
  'Só é possível anonimizar uma conta desativada. Desative a conta antes de anonimizar.';

/** /users: list, edit name and role, deactivate/reactivate, send a password reset. */
export function createAdminUsersService(deps: ServiceDeps, { auth }: { auth: AuthService }) {
  const db = deps.database.db;
  const repo = createAdminUsersRepo(db);

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
    // Editing or reactivating would bring back a person the company chose to forget (LGPD).
    if (u.anonymizedAt) {
      throw new AppError('CONFLICT', 'Conta anonimizada: não pode ser editada nem reativada.');
    }
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

    /**
     * LGPD: anonymises a deactivated account in one transaction (repo.anonymize), after ti typed
     * the name shown. Active accounts are refused (409); an account already anonymised answers
     * as it is (idempotent). Its sessions end on every node; the old avatar leaves the store.
     */
    async anonymize(id: number, confirmacao: string) {
      const u = await target(id);
      if (u.active) throw new AppError('CONFLICT', ACTIVE_REFUSED);
      if (!sameTypedName(confirmacao, u.nome)) {
        throw new AppError(
          'VALIDATION',
          `Digite o nome exatamente como aparece ("${u.nome}") para confirmar.`,
          'confirmacao',
        );
      }
      if (u.anonymizedAt) return withContracts(u);
      const { row, removeOld, invalidate } = await db.transaction(async (tx) => {
        const repo = createAdminUsersRepo(tx);
        const locked = await repo.lockById(u.id);
        if (!locked) throw notFound('Usuário');
        // Reactivated between the check and the lock: still refused.
        if (locked.active) throw new AppError('CONFLICT', ACTIVE_REFUSED);
        const row = await repo.anonymize(locked);
        return {
          row,
          removeOld: await removeAfterCommit(deps, tx, [locked.avatarPath]),
          invalidate: await auth.revokeAccessIn(tx, u.id),
        };
      });
      await removeOld();
      await invalidate();
      return withContracts(row);
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
