import { z } from 'zod';
import { pageNumber, pageSize, positiveId } from './common.ts';
import type { Role } from './roles.ts';
import { normalizeRole, ROLE_TITLES } from './roles.ts';
import { can } from './permissions.ts';
import { employmentFields, employmentSchema } from './company.ts';

/** Default and largest page sizes of the administration lists. */
export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_MAX_PAGE_SIZE = 100;

/** A role title accepted by the API: it must be recognised by normalizeRole (SPEC.md §5). */
export const userRoleTitle = z
  .string({ error: 'Informe o papel.' })
  .trim()
  .min(1, 'Informe o papel.')
  .max(60, 'Papel longo demais.')
  .refine((v) => normalizeRole(v) !== null, 'Papel desconhecido. Escolha um papel da lista.');

/**
 * Whether an actor may move a user from one role title to another (separation of duties):
 * users.manage on both titles. Only ti and diretoria grant or remove ti, diretoria and
 * CFO/finance-director titles; an administrador manages every other role. Others never do.
 */
export function canChangeRole(actor: Role, fromRaw: string | null, toRaw: string): boolean {
  return (
    can(actor, 'users.manage', { targetRole: fromRaw }) &&
    can(actor, 'users.manage', { targetRole: toRaw })
  );
}

/**
 * Whether an actor may edit, deactivate or reactivate the account of a user holding targetRaw
 * (users.manage): ti and diretoria manage every account; an administrador manages every
 * account except ti, diretoria and CFO/finance-director ones; other roles none.
 */
export function canManageUser(actor: Role, targetRaw: string | null): boolean {
  return can(actor, 'users.manage', { targetRole: targetRaw });
}

/** Why canManageUser said no to an administrador, shown by the server (403) and the /users menu. */
export const MANAGE_PRIVILEGED_DENIED =
  'Somente a TI ou a diretoria podem editar, desativar ou reativar contas de TI, diretoria e diretor financeiro (CFO).';

export const USER_STATUS_FILTERS = ['ativos', 'inativos', 'todos'] as const;

export const userListQuery = z.object({
  search: z.string().trim().max(120).optional(),
  status: z.enum(USER_STATUS_FILTERS).default('todos'),
  role: z
    .enum(['ti', 'administrador', 'financeiro', 'coordenador', 'gerente', 'diretoria', 'equipe'])
    .optional(),
  page: pageNumber,
  perPage: pageSize(ADMIN_MAX_PAGE_SIZE, ADMIN_PAGE_SIZE),
});
export type UserListQuery = Partial<z.infer<typeof userListQuery>>;

export const adminContractRef = z.object({
  id: z.number().int(),
  codigo: z.string(),
  nome: z.string(),
});
export type AdminContractRef = z.infer<typeof adminContractRef>;

export const adminUser = z
  .object({
    id: z.number().int(),
    email: z.string(),
    nome: z.string(),
    type: z.string(),
    rawType: z.string(),
    avatar: z.string().nullable(),
    active: z.boolean(),
    lastLoginAt: z.string().nullable(),
    createdAt: z.string(),
    contracts: z.array(adminContractRef),
    /** When ti anonymised the account (LGPD); null for every other account. */
    anonymizedAt: z.string().nullable(),
  })
  .extend(employmentSchema.shape);
export type AdminUser = z.infer<typeof adminUser>;

export const userListResponse = z.object({
  items: z.array(adminUser),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type UserList = z.infer<typeof userListResponse>;

export const userNome = z
  .string({ error: 'Informe o nome.' })
  .trim()
  .min(2, 'Informe o nome completo.')
  .max(120, 'Nome longo demais.');

export const updateUserBody = z
  .object({ nome: userNome.optional(), role: userRoleTitle.optional(), ...employmentFields })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nada para alterar.');
export type UpdateUserBody = z.input<typeof updateUserBody>;

export const adminUserParams = z.object({ id: positiveId });

/** Role titles an actor may pick for a user currently holding fromRaw (null: a new person). */
export function assignableRoleTitles(actor: Role, fromRaw: string | null): string[] {
  const titles: string[] = ROLE_TITLES.filter((title) => canChangeRole(actor, fromRaw, title));
  if (fromRaw && !titles.includes(fromRaw)) titles.unshift(fromRaw);
  return titles;
}

/** The name an anonymised account keeps (LGPD): the id only, so kept records still add up. */
export function anonymizedName(id: number): string {
  return `Pessoa removida #${id}`;
}

/** Whether a typed confirmation is the name shown (spaces and case ignored, accents kept). */
export function sameTypedName(typed: string, nome: string): boolean {
  const norm = (v: string) =>
    v.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('pt-BR');
  return norm(typed) === norm(nome);
}

/** POST /users/:id/anonimizar: ti types the person's name as it is shown, to confirm. */
export const anonymizeUserBody = z.object({
  confirmacao: z
    .string({ error: 'Digite o nome da pessoa para confirmar.' })
    .trim()
    .min(1, 'Digite o nome da pessoa para confirmar.')
    .max(200, 'Nome longo demais.'),
});
export type AnonymizeUserBody = z.infer<typeof anonymizeUserBody>;
