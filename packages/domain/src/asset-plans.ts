import { z } from 'zod';
import { intInRange, positiveId } from './common.ts';
import { fieldDate, fieldId, fieldOptionalText } from './field-common.ts';
import { formatBrNumber } from './br-input.ts';
import { addDaysTo } from './plain-dates.ts';
import { OS_YES_NO } from './service-orders-rules.ts';
import { addMonthsTo } from './sst.ts';

// Maintenance plans of customer assets (issue 34): a checklist template (an OS service type)
// and a periodicity per asset type or per asset of a contract; a job opens the OSs ahead of
// time, grouped per site and day. docs/assets.md "Planos de manutenção".

export const PLAN_PERIODICITIES = [
  'mensal',
  'bimestral',
  'trimestral',
  'semestral',
  'anual',
  'dias',
  'horas',
] as const;
export type PlanPeriodicity = (typeof PLAN_PERIODICITIES)[number];
export const PLAN_PERIODICITY_LABELS: Record<PlanPeriodicity, string> = {
  mensal: 'Mensal',
  bimestral: 'Bimestral',
  trimestral: 'Trimestral',
  semestral: 'Semestral',
  anual: 'Anual',
  dias: 'A cada N dias',
  horas: 'A cada N horas de uso',
};
const MONTHS: Record<Exclude<PlanPeriodicity, 'dias' | 'horas'>, number> = {
  mensal: 1,
  bimestral: 2,
  trimestral: 3,
  semestral: 6,
  anual: 12,
};

/** "Mensal", "A cada 15 dias", "A cada 1.000 h" (of use, from the hour meter). */
export function periodicityText(
  p: PlanPeriodicity,
  dias: number | null,
  horas: number | null = null,
): string {
  if (p === 'horas') return `A cada ${horas === null ? '?' : formatBrNumber(horas)} h`;
  return p === 'dias' ? `A cada ${dias ?? '?'} dias` : PLAN_PERIODICITY_LABELS[p];
}

/**
 * The due dates of a plan from its start up to `until` (inclusive), each counted from the
 * start (never from the previous one, so 31/01 monthly gives 28/02, then 31/03). Each is done
 * on the first working day of the contract's calendar on or after it (`nextWorkingDay` with the
 * server's `calendarsOfContracts`: weekends, holidays of its state and city, days off).
 * A plan "a cada N horas" has no calendar dates: its dates come from the hour meter
 * (`hoursDueDates`), so this answers none for it.
 */
export function planDueDates(
  p: { periodicidade: PlanPeriodicity; intervalo_dias: number | null; inicio: string },
  from: string,
  until: string,
): string[] {
  const out: string[] = [];
  if (p.periodicidade === 'horas') return out;
  for (let k = 0; k < 5000; k++) {
    const due =
      p.periodicidade === 'dias'
        ? addDaysTo(p.inicio, k * Math.max(1, p.intervalo_dias ?? 1))
        : addMonthsTo(p.inicio, k * MONTHS[p.periodicidade]);
    if (due > until) break;
    if (due >= from) out.push(due);
  }
  return out;
}

const periodicityField = z.enum(PLAN_PERIODICITIES, {
  error:
    'Periodicidade inválida: mensal, bimestral, trimestral, semestral, anual, a cada N dias ou a cada N horas de uso.',
});
const intervalField = intInRange(1, 3650, {
  invalid: 'Informe a periodicidade em dias (número inteiro).',
  tooSmall: 'A periodicidade deve ser de pelo menos 1 dia.',
  tooBig: 'A periodicidade deve ser de no máximo 3.650 dias.',
})
  .nullish()
  .transform((v) => v ?? null);
/** Hours of use between two maintenances (the hour meter's readings project the dates). */
const hoursField = intInRange(1, 100_000, {
  invalid: 'Informe a periodicidade em horas de uso (número inteiro).',
  tooSmall: 'A periodicidade deve ser de pelo menos 1 hora de uso.',
  tooBig: 'A periodicidade deve ser de no máximo 100.000 horas de uso.',
})
  .nullish()
  .transform((v) => v ?? null);

/** POST /api/tatico/ativos/planos: per asset type (of a contract) or per asset. */
export const planBody = z
  .object({
    contract_id: fieldId('o contrato'),
    asset_type_id: positiveId.nullish().transform((v) => v ?? null),
    asset_id: positiveId.nullish().transform((v) => v ?? null),
    service_type_id: fieldId('o tipo de serviço (checklist)'),
    periodicidade: periodicityField,
    intervalo_dias: intervalField,
    intervalo_horas: hoursField,
    inicio: fieldDate('a primeira data'),
    duracao_min: intInRange(15, 24 * 60, {
      invalid: 'Duração inválida: de 15 minutos a 24 horas.',
    }).default(120),
    ativo: z.boolean({ error: 'Informe se o plano está ativo.' }).default(true),
  })
  .refine((b) => (b.asset_type_id === null) !== (b.asset_id === null), {
    message: 'Escolha um tipo de ativo ou um ativo (um dos dois).',
    path: ['asset_type_id'],
  })
  .refine((b) => b.periodicidade !== 'dias' || b.intervalo_dias !== null, {
    message: 'Informe a cada quantos dias (pelo menos 1).',
    path: ['intervalo_dias'],
  })
  .refine((b) => b.periodicidade !== 'horas' || b.intervalo_horas !== null, {
    message: 'Informe a cada quantas horas de uso (pelo menos 1).',
    path: ['intervalo_horas'],
  });
export type PlanBody = z.input<typeof planBody>;

/** PATCH /planos/:id: absent fields stay. */
export const planPatchBody = z.object({
  service_type_id: fieldId('o tipo de serviço (checklist)').optional(),
  periodicidade: periodicityField.optional(),
  intervalo_dias: intervalField.optional(),
  intervalo_horas: hoursField.optional(),
  inicio: fieldDate('a primeira data').optional(),
  duracao_min: intInRange(15, 24 * 60, {
    invalid: 'Duração inválida: de 15 minutos a 24 horas.',
  }).optional(),
  ativo: z.boolean({ error: 'Informe se o plano está ativo.' }).optional(),
});
export type PlanPatchBody = z.input<typeof planPatchBody>;

export const planListQuery = z.object({
  contract_id: positiveId.optional(),
  asset_id: positiveId.optional(),
});

export const planSchema = z.object({
  id: z.number(),
  contrato: z.object({ id: z.number(), codigo: z.string(), nome: z.string() }),
  tipo_ativo: z.object({ id: z.number(), nome: z.string() }).nullable(),
  ativo_alvo: z.object({ id: z.number(), tag: z.string(), status: z.string() }).nullable(),
  servico: z.object({ id: z.number(), nome: z.string() }),
  periodicidade: periodicityField,
  intervalo_dias: z.number().nullable(),
  intervalo_horas: z.number().nullable(),
  inicio: z.string(),
  duracao_min: z.number(),
  ativo: z.boolean(),
  /** Why the plan opens nothing any more (its asset was replaced or deactivated), or null. */
  parado: z.string().nullable(),
  /**
   * A plan "a cada N horas" that cannot project a date for some asset says why ("Sem leituras
   * do horímetro: …"); null otherwise.
   */
  aviso: z.string().nullable(),
  ativos_cobertos: z.number(),
  proxima: z.string().nullable(),
});
export type Plan = z.infer<typeof planSchema>;
export const planListResponse = z.object({ items: z.array(planSchema), pode_editar: z.boolean() });

/** The contract's preventive settings and the PMOC's data (GET/PUT /contratos/:id/preventiva). */
export const preventiveSettingsBody = z.object({
  horizonte_dias: intInRange(1, 365, {
    invalid: 'Horizonte inválido: de 1 a 365 dias.',
  }).default(30),
  equipe: z
    .array(positiveId, { error: 'Equipe inválida.' })
    .max(20, 'No máximo 20 pessoas na equipe das preventivas.')
    .default([]),
  hora_inicio: intInRange(0, 23, 'Hora de início inválida: de 0 a 23.').default(8),
  edificio_nome: fieldOptionalText('o nome do edifício', 200),
  edificio_endereco: fieldOptionalText('o endereço', 300),
  edificio_uso: fieldOptionalText('o uso do edifício', 200),
  rt_nome: fieldOptionalText('o nome do responsável técnico', 200),
  rt_registro: fieldOptionalText('o registro CREA/CFT', 60),
  rt_art: fieldOptionalText('o número da ART/TRT', 60),
});
export type PreventiveSettingsBody = z.input<typeof preventiveSettingsBody>;
export const preventiveSettingsSchema = z.object({
  contract_id: z.number(),
  horizonte_dias: z.number(),
  equipe: z.array(z.object({ id: z.number(), nome: z.string() })),
  hora_inicio: z.number(),
  edificio_nome: z.string().nullable(),
  edificio_endereco: z.string().nullable(),
  edificio_uso: z.string().nullable(),
  rt_nome: z.string().nullable(),
  rt_registro: z.string().nullable(),
  rt_art: z.string().nullable(),
  pode_editar: z.boolean(),
});
export type PreventiveSettings = z.infer<typeof preventiveSettingsSchema>;

/** POST /planos/gerar: "Gerar OSs agora" for one contract (gestão). */
export const planGenerateBody = z.object({ contract_id: fieldId('o contrato') });

/**
 * What "Gerar OSs agora" did: the OSs it opened now (and their due dates) and those the
 * horizon already had (opened before by the job or an earlier press), up to `ate`.
 */
export const planGenerateResponse = z.object({
  oss_abertas: z.number(),
  vencimentos_abertos: z.number(),
  oss_existentes: z.number(),
  vencimentos_existentes: z.number(),
  horizonte_dias: z.number(),
  ate: z.string(),
  abertas: z.array(z.object({ id: z.number(), codigo: z.string(), dia: z.string() })),
});
export type PlanGenerateResult = z.infer<typeof planGenerateResponse>;

export const OCCURRENCE_STATES = ['prevista', 'aberta', 'feita', 'atrasada', 'nao_feita'] as const;
export type OccurrenceState = (typeof OCCURRENCE_STATES)[number];
export const OCCURRENCE_STATE_LABELS: Record<OccurrenceState, string> = {
  prevista: 'Prevista',
  aberta: 'OS aberta',
  feita: 'Feita',
  atrasada: 'Atrasada',
  nao_feita: 'Não feita (OS cancelada)',
};

/** One due date of a plan for one asset, with its OS. */
export const occurrenceSchema = z.object({
  plano_id: z.number(),
  ativo: z.object({ id: z.number(), tag: z.string() }),
  vencimento: z.string(),
  dia: z.string(),
  estado: z.enum(OCCURRENCE_STATES),
  os: z.object({ id: z.number(), codigo: z.string(), status: z.string() }).nullable(),
});
export type Occurrence = z.infer<typeof occurrenceSchema>;
export const overdueQuery = z.object({ contract_id: positiveId.optional() });
export const overdueResponse = z.object({ items: z.array(occurrenceSchema), total: z.number() });

/** GET /:id/preventiva: an asset's plans, next dates, overdue ones and its OS history. */
export const assetMaintenanceResponse = z.object({
  planos: z.array(planSchema),
  proximas: z.array(occurrenceSchema),
  atrasadas: z.array(occurrenceSchema),
  historico: z.array(
    z.object({
      os: z.object({ id: z.number(), codigo: z.string(), status: z.string() }),
      servico: z.string(),
      previsto_inicio: z.string(),
      concluida_em: z.string().nullable(),
      selada: z.boolean(),
      respostas: z.number(),
    }),
  ),
});
export type AssetMaintenance = z.infer<typeof assetMaintenanceResponse>;

/** The yearly grid of one asset: 12 months × activities (feito / atrasado / não previsto). */
export const YEAR_CELL_STATES = ['feito', 'atrasado', 'previsto', 'nao_previsto'] as const;
export type YearCellState = (typeof YEAR_CELL_STATES)[number];
export const YEAR_CELL_LABELS: Record<YearCellState, string> = {
  feito: 'Feito',
  atrasado: 'Atrasado',
  previsto: 'Previsto',
  nao_previsto: 'Não previsto',
};
export const yearQuery = z.object({
  ano: intInRange(2000, 2100, 'Ano inválido: de 2000 a 2100.'),
});
export const assetYearResponse = z.object({
  ano: z.number(),
  atividades: z.array(
    z.object({
      plano_id: z.number(),
      servico: z.string(),
      periodicidade: z.string(),
      meses: z.array(z.enum(YEAR_CELL_STATES)).length(12),
    }),
  ),
});
export type AssetYear = z.infer<typeof assetYearResponse>;

/** PUT /api/tatico/os/:id/ativos: the assets an OS serves (gestão, before conclusion). */
export const osAssetsBody = z.object({
  ativos: z
    .array(positiveId, { error: 'Lista de ativos inválida.' })
    .max(200, 'No máximo 200 ativos numa OS.'),
});
export const osAssetParams = z.object({ id: positiveId, assetId: positiveId, itemId: positiveId });
export const osAssetsResponse = z.object({
  ativos: z.array(
    z.object({
      id: z.number(),
      tag: z.string(),
      tipo: z.string(),
      local: z.string(),
      respostas: z.array(
        z.object({
          item_id: z.number(),
          valor_sim_nao: z.enum(OS_YES_NO).nullable(),
          valor_numero: z.number().nullable(),
          valor_texto: z.string().nullable(),
          valor_opcoes: z.array(z.string()).nullable(),
          valor_data: z.string().nullable(),
          observacao: z.string().nullable(),
          /** When the server stored it, and when it was given on the phone (offline outbox). */
          respondido_em: z.string(),
          device_time: z.string().nullable(),
        }),
      ),
      faltando: z.array(z.string()),
      /**
       * The hour meter, for an asset that has one (readings, or a plan "a cada N horas"): the
       * last reading outside this OS and the one this OS took. Null: no meter.
       */
      horimetro: z
        .object({
          ultima: z.object({ horas: z.number(), data: z.string() }).nullable(),
          desta_os: z.object({ horas: z.number(), data: z.string() }).nullable(),
        })
        .nullable(),
    }),
  ),
  pode_editar: z.boolean(),
});
export type OsAssets = z.infer<typeof osAssetsResponse>;

/** "Bloco C · 3º andar · Sala 301" of an asset's site. */
export function siteText(a: {
  predio: string | null;
  andar: string | null;
  sala: string | null;
}): string {
  return [a.predio, a.andar, a.sala].filter((x) => x && x.trim()).join(' · ') || 'Sem local';
}

/** GET /contratos/:id/pmoc.pdf?ano= (the current year when absent). */
export const pmocQuery = z.object({
  ano: intInRange(2000, 2100, 'Ano inválido: de 2000 a 2100.').optional(),
});
/** GET /api/public/pmoc/verificar/:codigo: what an issued PMOC's code shows to anyone. */
export const pmocVerifyResponse = z.object({
  contrato: z.string(),
  cliente: z.string(),
  ano: z.number(),
  emitido_em: z.string(),
  sha256: z.string(),
  autentico: z.boolean(),
});
export type PmocVerification = z.infer<typeof pmocVerifyResponse>;
