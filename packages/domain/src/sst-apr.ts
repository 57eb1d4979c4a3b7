import { z } from 'zod';
import { DATE_TIME_META, isIsoInstant, pageNumber, pageSize, positiveId } from './common.ts';
import { fieldId, fieldOptionalText, fieldText, personRef } from './field-common.ts';
import { osPositionFields } from './service-orders.ts';
import { APR_STATUSES, PT_ACTIONS, PT_STATUSES, PT_TYPES } from './sst-apr-rules.ts';

export * from './sst-apr-rules.ts';

// APR (análise preliminar de risco) and PT (permissão de trabalho): /api/tatico/sst/aprs and
// /api/tatico/sst/pts, tab "APR e PT" of /tatico/epi (docs/sst.md).

// ---------------------------------------------------------------- shared fields

const instant = (label: string) =>
  z
    .string({ error: `Informe ${label}.` })
    .max(40, `Informe ${label} válido (data e hora).`)
    .refine(isIsoInstant, `Informe ${label} válido (data e hora).`)
    .meta(DATE_TIME_META);

const optionalRef = (label: string) =>
  fieldId(label)
    .nullish()
    .transform((v) => v ?? null);

const idList = (label: string, max: number, tooMany: string) =>
  z
    .array(fieldId(label), { error: `Informe ${label}.` })
    .max(max, tooMany)
    .transform((v) => [...new Set(v)]);

// ---------------------------------------------------------------- APR

export const aprStepBody = z.object({
  etapa: fieldText('a etapa', 300, 3),
  perigos: fieldText('os perigos da etapa', 1000, 3),
  controles: fieldText('as medidas de controle da etapa', 1000, 3),
});
export type AprStep = z.output<typeof aprStepBody>;

/** POST /aprs and PUT /aprs/:id (only while rascunho). Team: the OS/entry's when left empty. */
export const aprBody = z
  .object({
    service_order_id: optionalRef('a OS'),
    agenda_entry_id: optionalRef('o agendamento'),
    atividade: fieldText('a atividade', 200, 3),
    local: fieldOptionalText('o local', 300),
    etapas: z
      .array(aprStepBody, { error: 'Informe as etapas da atividade.' })
      .min(1, 'Informe pelo menos uma etapa da atividade.')
      .max(50, 'No máximo 50 etapas por APR.'),
    epi_item_ids: idList('o EPI', 40, 'No máximo 40 EPIs por APR.').default([]),
    pessoas: idList('a pessoa', 30, 'No máximo 30 pessoas por APR.').default([]),
  })
  .refine((b) => (b.service_order_id === null) !== (b.agenda_entry_id === null), {
    message: 'Informe a OS ou o agendamento da APR (um dos dois).',
    path: ['service_order_id'],
  });
export type AprBody = z.input<typeof aprBody>;

/** POST /aprs/:id/assinar: the tap "Li e concordo" with the phone's position when allowed. */
export const aprSignBody = z.object({
  concordo: z.literal(true, { error: 'Confirme que leu e concorda com a APR.' }),
  ...osPositionFields,
});

const aprSignerSchema = personRef.extend({
  assinado_em: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  precisao_m: z.number().nullable(),
});

const epiRef = z.object({
  id: z.number().int(),
  nome: z.string(),
  tamanho: z.string(),
  ca_numero: z.string(),
});

const osRef = z.object({ id: z.number().int(), codigo: z.string() }).nullable();
/** The APR's OS with its site and planned period: the APR's place and date when it has none. */
const aprOsLink = z
  .object({
    id: z.number().int(),
    codigo: z.string(),
    local: z.string(),
    previsto_inicio: z.string(),
    previsto_fim: z.string(),
  })
  .nullable();
/** The APR's agenda entry with its place and period. */
const aprEntryLink = z
  .object({
    id: z.number().int(),
    titulo: z.string(),
    local: z.string().nullable(),
    inicio: z.string(),
    fim: z.string(),
  })
  .nullable();

export const aprSchema = z.object({
  id: z.number().int(),
  status: z.enum(APR_STATUSES),
  atividade: z.string(),
  local: z.string().nullable(),
  os: aprOsLink,
  agendamento: aprEntryLink,
  etapas: z.array(z.object({ etapa: z.string(), perigos: z.string(), controles: z.string() })),
  epis: z.array(epiRef),
  equipe: z.array(aprSignerSchema),
  /** Team members who have not received (or returned) a required EPI. */
  avisos_epi: z.array(z.object({ pessoa: personRef, epi: z.string(), texto: z.string() })),
  responsavel: personRef,
  enviada_em: z.string().nullable(),
  assinada_em: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  pode_editar: z.boolean(),
  pode_assinar: z.boolean(),
});
export type Apr = z.infer<typeof aprSchema>;

export const aprListQuery = z.object({
  status: z.enum(APR_STATUSES, { error: 'Situação de APR inválida.' }).optional(),
  // A query string: "12" must be read as the OS 12 (fieldId takes JSON numbers only).
  service_order_id: positiveId.optional(),
  busca: fieldOptionalText('a busca', 100),
  page: pageNumber,
  perPage: pageSize(100, 30),
});
/**
 * An APR in the list: enough to tell one from another (place, customer, planned date, OS,
 * signatures) without opening it.
 */
export const aprSummarySchema = aprSchema
  .pick({
    id: true,
    status: true,
    atividade: true,
    local: true,
    os: true,
    agendamento: true,
    responsavel: true,
    created_at: true,
    pode_assinar: true,
  })
  .extend({
    /** The customer of the contract of its OS or agenda entry. */
    cliente: z.string().nullable(),
  });
export type AprSummary = z.infer<typeof aprSummarySchema>;

export const aprListResponse = z.object({
  items: z.array(
    aprSummarySchema.extend({ assinaturas: z.number().int(), equipe_total: z.number().int() }),
  ),
  total: z.number().int(),
});
export type AprListItem = z.infer<typeof aprListResponse>['items'][number];

// ---------------------------------------------------------------- PT

/** POST /pts and PUT /pts/:id (only while emitida, by the responsible). */
export const ptBody = z
  .object({
    tipo: z.enum(PT_TYPES, { error: 'Tipo de PT inválido.' }),
    apr_id: fieldId('a APR'),
    inicio: instant('o início do turno'),
    fim: instant('o fim do turno'),
    medidas: z
      .array(fieldText('a medida', 300, 3), { error: 'Informe as medidas de segurança.' })
      .min(1, 'Informe pelo menos uma medida de segurança.')
      .max(30, 'No máximo 30 medidas por PT.'),
    pessoas: idList('a pessoa', 30, 'No máximo 30 pessoas por PT.').default([]),
    observacoes: fieldOptionalText('as observações', 1000),
  })
  .refine((b) => !isIsoInstant(b.inicio) || !isIsoInstant(b.fim) || b.fim > b.inicio, {
    message: 'O fim do turno deve ser depois do início.',
    path: ['fim'],
  });
export type PtBody = z.input<typeof ptBody>;

/** POST /pts/:id/decisao: approve or refuse (a refusal needs the reason). */
export const ptDecisionBody = z
  .object({
    decisao: z.enum(['aprovar', 'recusar'], { error: 'Decisão inválida.' }),
    comentario: fieldOptionalText('o comentário', 1000),
  })
  .refine((b) => b.decisao !== 'recusar' || b.comentario !== null, {
    message: 'Informe o motivo da recusa.',
    path: ['comentario'],
  });

/** POST /pts/:id/encerrar. */
export const ptCloseBody = z.object({
  observacao: fieldOptionalText('a observação de encerramento', 1000),
});

export const ptEventSchema = z.object({
  de: z.enum(PT_STATUSES).nullable(),
  para: z.enum(PT_STATUSES),
  por: personRef.nullable(),
  em: z.string(),
  comentario: z.string().nullable(),
});

export const ptSchema = z.object({
  id: z.number().int(),
  tipo: z.enum(PT_TYPES),
  status: z.enum(PT_STATUSES),
  apr: z.object({ id: z.number().int(), atividade: z.string(), status: z.enum(APR_STATUSES) }),
  os: osRef,
  local: z.string().nullable(),
  inicio: z.string(),
  fim: z.string(),
  medidas: z.array(z.string()),
  observacoes: z.string().nullable(),
  equipe: z.array(personRef),
  responsavel: personRef,
  aprovador: personRef.nullable(),
  decidida_em: z.string().nullable(),
  comentario_decisao: z.string().nullable(),
  encerrada_por: personRef.nullable(),
  encerrada_em: z.string().nullable(),
  observacao_encerramento: z.string().nullable(),
  eventos: z.array(ptEventSchema),
  /** Approved and inside its shift right now. */
  vigente: z.boolean(),
  acoes: z.array(z.enum(PT_ACTIONS)),
  created_at: z.string(),
});
export type Pt = z.infer<typeof ptSchema>;

export const ptListQuery = z.object({
  status: z.enum(PT_STATUSES, { error: 'Situação de PT inválida.' }).optional(),
  tipo: z.enum(PT_TYPES, { error: 'Tipo de PT inválido.' }).optional(),
  service_order_id: fieldId('a OS').optional(),
  busca: fieldOptionalText('a busca', 100),
  page: pageNumber,
  perPage: pageSize(100, 30),
});
export const ptListItemSchema = ptSchema.pick({
  id: true,
  tipo: true,
  status: true,
  apr: true,
  os: true,
  local: true,
  inicio: true,
  fim: true,
  responsavel: true,
  aprovador: true,
  vigente: true,
  acoes: true,
});
export type PtListItem = z.infer<typeof ptListItemSchema>;
export const ptListResponse = z.object({
  items: z.array(ptListItemSchema),
  total: z.number().int(),
});

// ---------------------------------------------------------------- service types

/** Which service types require a PT, and of which kind (GET /pt-tipos-servico). */
export const ptServiceTypeListResponse = z.object({
  items: z.array(
    z.object({ id: z.number().int(), nome: z.string(), exige_pt: z.enum(PT_TYPES).nullable() }),
  ),
});
export const ptServiceTypeBody = z.object({
  exige_pt: z
    .enum(PT_TYPES, { error: 'Tipo de PT inválido.' })
    .nullish()
    .transform((v) => v ?? null),
});
