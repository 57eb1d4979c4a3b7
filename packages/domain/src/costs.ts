import { z } from 'zod';
import { pageNumber, pageSize } from './common.ts';
import { CONTRACT_STATUSES } from './contracts.ts';
import { fieldDate, fieldId, personRef } from './field-common.ts';
import { ROLES } from './roles.ts';
import { COST_RATE_MAX } from './costs-rules.ts';

export * from './costs-rules.ts';

/** An hourly rate in reais: more than zero, at most R$ 100.000,00, two decimals. */
const hourlyRate = z
  .number({ error: 'Informe o valor da hora.' })
  .positive('O valor da hora deve ser maior que zero.')
  .max(COST_RATE_MAX, 'Valor da hora grande demais: no máximo R$ 100.000,00.')
  .refine(
    (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
    'Valor da hora: use no máximo 2 casas decimais.',
  );

/**
 * POST /api/eproto/custos/taxas: the hourly cost of a function (canonical role) or of one person
 * (the person's rate wins), in force from `vigente_desde` on; an earlier rate keeps the past.
 */
export const costRateBody = z
  .object({
    funcao: z.enum(ROLES, { error: 'Função inválida.' }).nullish(),
    user_id: fieldId('a pessoa').nullish(),
    valor_hora: hourlyRate,
    vigente_desde: fieldDate('o início da vigência'),
  })
  .refine((b) => (b.funcao == null) !== (b.user_id == null), {
    message: 'Escolha uma função ou uma pessoa.',
    path: ['funcao'],
  });
export type CostRateBody = z.input<typeof costRateBody>;

export const costRateSchema = z.object({
  id: z.number().int(),
  funcao: z.enum(ROLES).nullable(),
  pessoa: personRef.nullable(),
  valor_hora: z.number(),
  vigente_desde: z.string(),
  criada_por: z.string().nullable(),
  criada_em: z.string(),
});
export type CostRate = z.infer<typeof costRateSchema>;
export const costRatesResponse = z.object({ items: z.array(costRateSchema) });

/** A month as YYYY-MM, years 2000 to 2100. */
const month = (label: string) =>
  z
    .string()
    .max(7, `${label}: use AAAA-MM.`)
    .regex(/^(20\d\d|2100)-(0[1-9]|1[0-2])$/, `${label}: use AAAA-MM, como 2026-11.`);

/** GET /api/eproto/custos/contratos/{id}: months `de`..`ate` (default: the contract's term up to now). */
export const contractCostQuery = z
  .object({ de: month('Mês inicial').optional(), ate: month('Mês final').optional() })
  .refine((q) => !q.de || !q.ate || q.de <= q.ate, {
    message: 'O mês final deve ser igual ou posterior ao inicial.',
    path: ['ate'],
  });
export type ContractCostQuery = z.infer<typeof contractCostQuery>;

/** Reais per kind of cost (COST_KINDS). */
const kinds = z.object({
  mao_de_obra: z.number(),
  materiais: z.number(),
  combustivel: z.number(),
  manutencao: z.number(),
  epi: z.number(),
});

export const contractCostMonth = kinds.extend({
  mes: z.string(),
  total: z.number(),
  acumulado: z.number(),
  /** The budget spread evenly over the contract's term, summed up to this month; null without. */
  planejado_acumulado: z.number().nullable(),
  minutos_aprovados: z.number().int(),
  os_abertas: z.number().int(),
  os_concluidas: z.number().int(),
});
export type ContractCostMonth = z.infer<typeof contractCostMonth>;

export const contractCostPerson = z.object({
  pessoa: personRef,
  funcao: z.enum(ROLES),
  minutos: z.number().int(),
  minutos_sem_taxa: z.number().int(),
  custo: z.number(),
});

export const contractLateItem = z.object({
  tipo: z.enum(['tarefa', 'os']),
  id: z.number().int(),
  titulo: z.string(),
  prazo: z.string(),
  link: z.string(),
});
export type ContractLateItem = z.infer<typeof contractLateItem>;

export const contractCostResponse = z.object({
  contrato: z.object({
    id: z.number().int(),
    codigo: z.string(),
    nome: z.string(),
    valor: z.number().nullable(),
    inicio: z.string().nullable(),
    fim: z.string().nullable(),
  }),
  de: z.string(),
  ate: z.string(),
  meses: z.array(contractCostMonth),
  totais: kinds.extend({
    total: z.number(),
    /** valor − total, null without a budget. */
    saldo: z.number().nullable(),
    minutos_aprovados: z.number().int(),
    /** Hours in weeks not yet approved: not in the cost. */
    minutos_pendentes: z.number().int(),
    /** Approved hours of people without any rate in force that day: counted at R$ 0. */
    minutos_sem_taxa: z.number().int(),
    /** Material lines and EPI deliveries without a unit cost: counted at R$ 0. */
    itens_sem_custo: z.number().int(),
  }),
  pessoas: z.array(contractCostPerson),
  prazo: z.object({
    concluidas: z.number().int(),
    no_prazo: z.number().int(),
    /** no_prazo / concluidas, null when nothing with a due date was concluded. */
    taxa: z.number().nullable(),
  }),
  atrasados: z.array(contractLateItem),
  atrasados_total: z.number().int(),
});
export type ContractCost = z.infer<typeof contractCostResponse>;

/**
 * GET /api/eproto/custos/contratos: the contracts in the caller's scope, one page, each with its
 * budget and actual cost over the dashboard's default period (the term up to this month).
 */
export const contractCostListQuery = z.object({
  q: z.string().trim().max(100, 'Busca longa demais.').optional(),
  status: z.enum(CONTRACT_STATUSES, { error: 'Status de contrato inválido.' }).optional(),
  page: pageNumber,
  perPage: pageSize(50, 20),
});
export type ContractCostListQuery = z.infer<typeof contractCostListQuery>;

export const contractCostSummary = z.object({
  contrato: z.object({
    id: z.number().int(),
    codigo: z.string(),
    nome: z.string(),
    cliente: z.string(),
    status: z.enum(CONTRACT_STATUSES),
    valor: z.number().nullable(),
    inicio: z.string().nullable(),
    fim: z.string().nullable(),
  }),
  /** The months summed (the dashboard's default period). */
  de: z.string(),
  ate: z.string(),
  /** Actual cost in reais over de..ate. */
  custo: z.number(),
  /** valor − custo, null without a budget. */
  saldo: z.number().nullable(),
  /** custo / valor (1 = the whole budget), null without a budget. */
  usado: z.number().nullable(),
});
export type ContractCostSummary = z.infer<typeof contractCostSummary>;
export const contractCostListResponse = z.object({
  items: z.array(contractCostSummary),
  total: z.number().int(),
});
export type ContractCostList = z.infer<typeof contractCostListResponse>;
