import { z } from 'zod';
import { municipioField, ufField, UFS } from './calendar.ts';
import { intInRange, pageSize, plainDate, positiveId, userRefSchema } from './common.ts';
import { updatedSince } from './sync.ts';

/** Contract statuses (PRODUCT.md "Contracts and access"). */
export const CONTRACT_STATUSES = ['ativo', 'suspenso', 'encerrado'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  ativo: 'Ativo',
  suspenso: 'Suspenso',
  encerrado: 'Encerrado',
};

/**
 * A contract. Dates are 'YYYY-MM-DD'; valor in reais (number, 2 decimals) or null.
 * The counters describe its demands the caller can see (progress = concluidas / demandas).
 */
export const contractSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  nome: z.string(),
  cliente: z.string(),
  descricao: z.string().nullable(),
  inicio: z.string().nullable(),
  fim: z.string().nullable(),
  status: z.enum(CONTRACT_STATUSES),
  valor: z.number().nullable(),
  /** State (UF) and city code whose holidays the contract's plans skip (null: national only). */
  uf: z.enum(UFS).nullable(),
  municipio: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Users linked through user-contracts. */
  usuarios: z.number().int(),
  /** Demands of the contract. */
  demandas: z.number().int(),
  /** Demands in stage concluido. */
  concluidas: z.number().int(),
  /** Demands not concluded whose fim_previsto is before today. */
  atrasadas: z.number().int(),
  /** Preventive maintenance dates of the contract's assets that are overdue (late or skipped). */
  preventivas_atrasadas: z.number().int(),
  /** Demands per stage (the overview's stage bar). */
  etapas: z.object({
    a_fazer: z.number().int(),
    em_andamento: z.number().int(),
    em_revisao: z.number().int(),
    concluido: z.number().int(),
  }),
});
export type Contract = z.infer<typeof contractSchema>;

/** ?q=&status= — which of the caller's contracts a list shows (the pickers: every one). */
export const contractFilterQuery = z.object({
  q: z.string().trim().max(100, 'Busca longa demais.').optional(),
  status: z.enum(CONTRACT_STATUSES, { error: 'Status de contrato inválido.' }).optional(),
});

/** Contracts per page of the /contracts screen ("Carregar mais" asks the next page). */
export const CONTRACTS_PAGE_SIZE = 50;

/**
 * GET /api/eproto/contracts?q=&status=&page=&perPage= — the contracts in the caller's scope, by
 * name. With `perPage`, one page of them (the /contracts screen) and their total in
 * `x-total-count`; without, all of them (the /eproto/contracts overview).
 */
export const contractListQuery = contractFilterQuery.extend({
  page: intInRange(1, 1_000_000, 'Página inválida.').optional(),
  perPage: intInRange(1, 100, {
    invalid: 'Tamanho de página inválido.',
    tooBig: 'No máximo 100 itens por página.',
  }).optional(),
});
export const contractListResponse = z.array(contractSchema);

/**
 * GET /api/eproto/contracts/changes?q=&status=&updated_since=… — what changed in the contracts
 * overview since a moment, for a tab that shows it (issue 37): `ids`, the list's contracts now
 * in its order (q and status as in GET /contracts); `items`, those of them whose counters or
 * fields may have changed since `updated_since` (the contract edited, or one of its demands
 * changed or moved away from it), as GET /contracts lists them; `total`, the list's length;
 * `cursor`, the next `updated_since`. A push 'mural.changed' carries its demand's `updated_at`
 * as `version`: the tab asks the changes since it instead of reading every contract again.
 */
export const contractChangesQuery = contractFilterQuery.extend({ updated_since: updatedSince });
export const contractChangesResponse = z.object({
  items: z.array(contractSchema),
  ids: z.array(z.number().int()),
  total: z.number().int(),
  cursor: z.string(),
});
export type ContractChanges = z.infer<typeof contractChangesResponse>;

const codigo = z
  .string({ error: 'Informe o código do contrato.' })
  .trim()
  .min(1, 'Informe o código do contrato.')
  .max(40, 'Código com no máximo 40 caracteres.');
const nome = z
  .string({ error: 'Informe o nome do contrato.' })
  .trim()
  .min(2, 'Informe o nome do contrato.')
  .max(160, 'Nome com no máximo 160 caracteres.');
const cliente = z
  .string({ error: 'Informe o cliente.' })
  .trim()
  .min(2, 'Informe o cliente.')
  .max(160, 'Cliente com no máximo 160 caracteres.');
const descricao = z.string().trim().max(5000, 'Descrição com no máximo 5000 caracteres.');
const valor = z
  .number({ error: 'Valor inválido.' })
  .min(0, 'O valor não pode ser negativo.')
  .max(1e12, 'Valor alto demais.');
const status = z.enum(CONTRACT_STATUSES, { error: 'Status de contrato inválido.' });

const endAfterStart = (v: { inicio?: string | null; fim?: string | null }) =>
  !v.inicio || !v.fim || v.fim >= v.inicio;
const endAfterStartMsg = { message: 'O fim deve ser igual ou posterior ao início.', path: ['fim'] };

const cityNeedsState = (v: { uf?: string | null; municipio?: string | null }) =>
  !v.municipio || v.uf !== null;
const cityNeedsStateMsg = { message: 'Informe o estado (UF) do município.', path: ['uf'] };

/** POST /api/eproto/contracts (ti). */
export const contractCreateBody = z
  .object({
    codigo,
    nome,
    cliente,
    descricao: descricao.nullish(),
    inicio: plainDate.nullish(),
    fim: plainDate.nullish(),
    status: status.default('ativo'),
    valor: valor.nullish(),
    uf: ufField.nullish(),
    municipio: municipioField.nullish(),
  })
  .refine(endAfterStart, endAfterStartMsg)
  .refine(cityNeedsState, cityNeedsStateMsg);
export type ContractCreateBody = z.input<typeof contractCreateBody>;

/** PATCH /api/eproto/contracts/{id} (ti): any subset of the fields. */
export const contractUpdateBody = z
  .object({
    codigo: codigo.optional(),
    nome: nome.optional(),
    cliente: cliente.optional(),
    descricao: descricao.nullish(),
    inicio: plainDate.nullish(),
    fim: plainDate.nullish(),
    status: status.optional(),
    valor: valor.nullish(),
    uf: ufField.nullish(),
    municipio: municipioField.nullish(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nada para alterar.')
  .refine(endAfterStart, endAfterStartMsg)
  .refine(cityNeedsState, cityNeedsStateMsg);
export type ContractUpdateBody = z.input<typeof contractUpdateBody>;

/** A contract as a pick-list item. */
export const contractRefSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  nome: z.string(),
  cliente: z.string(),
  status: z.enum(CONTRACT_STATUSES),
});
export type ContractRef = z.infer<typeof contractRefSchema>;

/**
 * GET /api/eproto/contracts/access — the caller's own access: whether they see every contract
 * (diretoria, ti, administrador) and the contracts they can pick (all, or their linked ones).
 */
export const contractAccessResponse = z.object({
  all: z.boolean(),
  contracts: z.array(contractRefSchema),
});
export type ContractAccess = z.infer<typeof contractAccessResponse>;

/** A user-contract link. */
export const userContractSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  contract_id: z.number().int(),
  created_at: z.string(),
  user: userRefSchema,
  contract: contractRefSchema,
});
export type UserContract = z.infer<typeof userContractSchema>;

/** GET /api/eproto/user-contracts?contract_id=&user_id= */
export const userContractListQuery = z.object({
  contract_id: positiveId.optional(),
  user_id: positiveId.optional(),
});
export const userContractListResponse = z.array(userContractSchema);

/** POST /api/eproto/user-contracts (ti). */
export const userContractCreateBody = z.object({
  user_id: positiveId,
  contract_id: positiveId,
});
export type UserContractCreateBody = z.input<typeof userContractCreateBody>;

/** GET /api/eproto/users/search?q=&contract_id=&limit= — active users by name or e-mail. */
export const userSearchQuery = z.object({
  q: z.string().trim().max(100, 'Busca longa demais.').default(''),
  contract_id: positiveId.optional(),
  limit: pageSize(50, 20),
});
export const userSearchResponse = z.array(userRefSchema);
