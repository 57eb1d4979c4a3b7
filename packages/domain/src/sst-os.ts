import { z } from 'zod';
import { DATE_TIME_META, isIsoInstant } from './common.ts';
import { fieldId } from './field-common.ts';
import { activityTypeSchema, sstOverrideBody, sstOverrideSchema } from './sst-schemas.ts';

// SST requirements of service orders (issue 20 point 2): a service type requires the
// qualifications of one SST activity type ("Trabalho em altura" -> NR-35 + ASO apto); putting
// someone on an OS of that type who misses one is refused (409, field "sst") unless a gerente
// or diretoria writes a reason (`liberacao_sst`).

/** What OS bodies (create, from agenda, team, dates) may carry to release an SST block. */
export const osSstOverrideField = sstOverrideBody.nullish().transform((v) => v ?? null);

/** PUT /api/tatico/sst/tipos-servico/:id: the requirement set of a service type (null: none). */
export const serviceTypeSstBody = z.object({
  tipo_atividade_id: fieldId('o tipo de atividade (requisitos de SST)').nullable(),
});
export type ServiceTypeSstBody = z.input<typeof serviceTypeSstBody>;

export const serviceTypeSstSchema = z.object({
  service_type_id: z.number().int(),
  tipo_atividade: activityTypeSchema.nullable(),
});
export type ServiceTypeSst = z.infer<typeof serviceTypeSstSchema>;

/** POST /api/tatico/sst/os/verificar: the reasons an OS team would be blocked, before saving. */
export const osSstCheckBody = z.object({
  service_type_id: fieldId('o tipo de serviço'),
  pessoas: z
    .array(fieldId('a pessoa'), { error: 'Informe a equipe.' })
    .max(30, 'No máximo 30 pessoas por OS.'),
  previsto_fim: z
    .string({ error: 'Informe o fim previsto.' })
    .max(40, 'Informe o fim previsto válido (data e hora).')
    .refine(isIsoInstant, 'Informe o fim previsto válido (data e hora).')
    .meta(DATE_TIME_META),
});
export type OsSstCheckBody = z.input<typeof osSstCheckBody>;

export const osSstCheckResponse = z.object({
  tipo_atividade: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
  ok: z.boolean(),
  pendencias: z.array(z.object({ user_id: z.number().int(), motivo: z.string() })),
});
export type OsSstCheck = z.infer<typeof osSstCheckResponse>;

/** GET /api/tatico/sst/os/:id/liberacoes: every override written on an OS, oldest first. */
export const osSstOverridesResponse = z.object({ items: z.array(sstOverrideSchema) });
