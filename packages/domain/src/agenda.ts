import { z } from 'zod';
import { DATE_TIME_META, isIsoInstant, positiveId } from './common.ts';
import { fieldDate, fieldId, fieldText, personRef } from './field-common.ts';
import { sstOverrideBody, sstOverrideSchema } from './sst-schemas.ts';
import { syncedListFields, updatedSince } from './sync.ts';
import { AGENDA_MAX_DAYS, AGENDA_MAX_RANGE_DAYS, AGENDA_STATUSES } from './agenda-rules.ts';

export * from './agenda-rules.ts';

// ---------------------------------------------------------------- schemas

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

const coordinate = (label: string, limit: number) =>
  z
    .number({ error: `${label} inválida.` })
    .min(-limit, `${label} inválida.`)
    .max(limit, `${label} inválida.`)
    .nullish()
    .transform((v) => v ?? null);

export const agendaEntryBody = z
  .object({
    inicio: instant('o início'),
    fim: instant('o fim'),
    local: fieldText('o local', 200, 2),
    latitude: coordinate('Latitude', 90),
    longitude: coordinate('Longitude', 180),
    contract_id: fieldId('o contrato'),
    mural_id: optionalRef('a demanda'),
    pessoas: z
      .array(fieldId('a pessoa'), { error: 'Informe as pessoas.' })
      .min(1, 'Informe pelo menos uma pessoa.')
      .max(30, 'No máximo 30 pessoas por agendamento.')
      .transform((v) => [...new Set(v)]),
    vehicle_id: optionalRef('o veículo'),
    descricao: fieldText('a descrição', 1000, 3),
    /** "Tipo de atividade": its SST requirements gate who may be on the entry. */
    tipo_atividade_id: optionalRef('o tipo de atividade'),
    /** gerente/diretoria: schedule people who miss an SST requirement, with a written reason. */
    liberacao_sst: sstOverrideBody.nullish().transform((v) => v ?? null),
    /** Save even when a person or the vehicle is already booked at that time. */
    confirmar_conflitos: z.boolean().default(false),
  })
  .refine((b) => Date.parse(b.fim) > Date.parse(b.inicio), {
    message: 'O fim deve ser depois do início.',
    path: ['fim'],
  })
  .refine((b) => Date.parse(b.fim) - Date.parse(b.inicio) <= AGENDA_MAX_DAYS * 86_400_000, {
    message: `Um agendamento pode durar no máximo ${AGENDA_MAX_DAYS} dias.`,
    path: ['fim'],
  })
  .refine((b) => (b.latitude === null) === (b.longitude === null), {
    message: 'Informe latitude e longitude juntas.',
    path: ['latitude'],
  });
export type AgendaEntryBody = z.input<typeof agendaEntryBody>;

export const agendaStatusBody = z.object({
  status: z.enum(AGENDA_STATUSES, { error: 'Situação inválida.' }),
});

export const conflictCheckBody = z.object({
  id: fieldId('o agendamento').nullish(),
  inicio: instant('o início'),
  fim: instant('o fim'),
  pessoas: z.array(fieldId('a pessoa')).max(30),
  vehicle_id: optionalRef('o veículo'),
  tipo_atividade_id: optionalRef('o tipo de atividade'),
});

export const conflictSchema = z.object({
  /** 'sst': the person misses a requirement of the entry's activity type (blocking). */
  tipo: z.enum(['pessoa', 'veiculo', 'manutencao', 'sst']),
  /** Why, for 'sst' ("João Pereira: NR-35 vencida em 12/10/2026"). */
  motivo: z.string().optional(),
  ref_id: z.number().int(),
  nome: z.string(),
  entry_id: z.number().int(),
  inicio: z.string(),
  fim: z.string(),
});
export type AgendaConflict = z.infer<typeof conflictSchema>;
export const conflictListResponse = z.object({ conflitos: z.array(conflictSchema) });

export const agendaEntrySchema = z.object({
  id: z.number().int(),
  inicio: z.string(),
  fim: z.string(),
  local: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  contrato: z.object({ id: z.number().int(), codigo: z.string(), nome: z.string() }),
  demanda: z.object({ id: z.number().int(), titulo: z.string() }).nullable(),
  pessoas: z.array(personRef),
  veiculo: z.object({ id: z.number().int(), placa: z.string(), modelo: z.string() }).nullable(),
  descricao: z.string(),
  status: z.enum(AGENDA_STATUSES),
  /** When it was started/finished on the device (the action's own time, queued offline). */
  iniciado_em: z.string().nullable(),
  concluido_em: z.string().nullable(),
  /** When the start/finish reached the server. */
  iniciado_recebido_em: z.string().nullable(),
  concluido_recebido_em: z.string().nullable(),
  conflitos: z.array(conflictSchema),
  tipo_atividade: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
  liberacao_sst: sstOverrideSchema.nullable(),
  created_by: personRef.nullable(),
  updated_at: z.string(),
  /** The entry's service order: the live one, else the last cancelled one (its status says). */
  os: z.object({ id: z.number().int(), codigo: z.string(), status: z.string() }).nullable(),
});
export type AgendaEntry = z.infer<typeof agendaEntrySchema>;

export const agendaListQuery = z
  .object({
    de: fieldDate('a data inicial'),
    ate: fieldDate('a data final'),
    pessoa_id: positiveId.optional(),
    contract_id: positiveId.optional(),
    /** Only entries changed since (the previous answer's `cursor`), plus `ids` (sync.ts). */
    updated_since: updatedSince.optional(),
  })
  .refine((q) => q.ate >= q.de, {
    message: 'A data final deve ser igual ou posterior à inicial.',
    path: ['ate'],
  })
  .refine((q) => Date.parse(q.ate) - Date.parse(q.de) <= AGENDA_MAX_RANGE_DAYS * 86_400_000, {
    message: `Peça no máximo ${AGENDA_MAX_RANGE_DAYS} dias por vez.`,
    path: ['ate'],
  });
export const agendaListResponse = z.object({
  items: z.array(agendaEntrySchema),
  ...syncedListFields,
});
