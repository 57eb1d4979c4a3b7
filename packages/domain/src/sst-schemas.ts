import { z } from 'zod';
import { intInRange, positiveId } from './common.ts';
import { fieldDate, fieldId, fieldOptionalText, fieldText, personRef } from './field-common.ts';
import {
  ASO_RESULTS,
  ASO_TYPES,
  CNH_CATEGORIES,
  REQUIREMENT_KINDS,
  VEHICLE_CNH_CATEGORIES,
} from './sst.ts';

const STATES = ['valido', 'vencendo', 'vencido', 'ausente'] as const;

// ---------------------------------------------------------------- catalogue

export const trainingBody = z.object({
  codigo: fieldText('o código', 40),
  nome: fieldText('o nome do treinamento', 120),
  validade_meses: intInRange(1, 120, {
    invalid: 'Informe a validade em meses.',
    tooSmall: 'A validade deve ser de pelo menos 1 mês.',
    tooBig: 'A validade pode ser de no máximo 120 meses.',
  }),
  ativo: z.boolean().default(true),
});
export const trainingPatchBody = trainingBody.partial();

export const trainingSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  nome: z.string(),
  validade_meses: z.number().int(),
  ativo: z.boolean(),
});
export type Training = z.infer<typeof trainingSchema>;
export const trainingListResponse = z.object({ items: z.array(trainingSchema) });

// ---------------------------------------------------------------- training records

export const trainingRecordBody = z.object({
  user_id: fieldId('a pessoa'),
  training_id: fieldId('o treinamento'),
  data: fieldDate('a data do treinamento'),
  carga_horaria: z
    .number({ error: 'Informe a carga horária.' })
    .min(0.5, 'A carga horária deve ser de pelo menos 0,5 hora.')
    .max(2000, 'A carga horária pode ser de no máximo 2.000 horas.'),
  instrutor: fieldText('o instrutor ou a entidade', 200, 2),
});
export type TrainingRecordBody = z.input<typeof trainingRecordBody>;

export const trainingRecordSchema = z.object({
  id: z.number().int(),
  pessoa: personRef,
  treinamento: z.object({ id: z.number().int(), codigo: z.string(), nome: z.string() }),
  data: z.string(),
  carga_horaria: z.number(),
  instrutor: z.string(),
  validade: z.string(),
  estado: z.enum(STATES),
  certificado: z.object({ nome: z.string() }).nullable(),
});
export type TrainingRecord = z.infer<typeof trainingRecordSchema>;

// ---------------------------------------------------------------- ASO

export const asoBody = z
  .object({
    user_id: fieldId('a pessoa'),
    tipo: z.enum(ASO_TYPES, { error: 'Tipo de ASO inválido.' }),
    data: fieldDate('a data do ASO'),
    resultado: z.enum(ASO_RESULTS, { error: 'Informe o resultado do ASO.' }),
    restricoes: fieldOptionalText('as restrições', 1000),
    medico: fieldText('o nome do médico', 120, 3),
    crm: z
      .string({ error: 'Informe o CRM do médico.' })
      .trim()
      .max(20, 'CRM: máximo de 20 caracteres.')
      .regex(/^\d{2,8}(\s*[-/]?\s*[A-Za-z]{2})?$/, 'Informe o CRM do médico (ex.: 123456/SP).'),
    periodicidade_meses: z
      .union([z.literal(12), z.literal(24)], { error: 'A periodicidade é de 12 ou 24 meses.' })
      .optional(),
  })
  .refine((b) => b.resultado !== 'apto_restricoes' || b.restricoes !== null, {
    message: 'Descreva as restrições do ASO.',
    path: ['restricoes'],
  });
export type AsoBody = z.input<typeof asoBody>;

export const asoSchema = z.object({
  id: z.number().int(),
  pessoa: personRef,
  tipo: z.enum(ASO_TYPES),
  data: z.string(),
  medico: z.string(),
  crm: z.string(),
  /** null when the caller may not see health data (see the permission aso.health.read). */
  resultado: z.enum(ASO_RESULTS).nullable(),
  restricoes: z.string().nullable(),
  resultado_visivel: z.boolean(),
  proximo: z.string().nullable(),
});
export type Aso = z.infer<typeof asoSchema>;

export const periodicityBody = z.object({
  aso_periodicidade_meses: z.union([z.literal(12), z.literal(24)], {
    error: 'A periodicidade é de 12 ou 24 meses.',
  }),
});

// ---------------------------------------------------------------- CNH

export const cnhBody = z.object({
  numero: z
    .string({ error: 'Informe o número da CNH.' })
    .trim()
    .max(11, 'O número da CNH tem 11 dígitos.')
    .regex(/^\d{11}$/, 'O número da CNH tem 11 dígitos.'),
  categoria: z.enum(CNH_CATEGORIES, {
    error: 'Categoria de CNH inexistente. Use A, B, C, D, E, AB, AC, AD ou AE.',
  }),
  validade: fieldDate('a validade da CNH'),
  ear: z.boolean().default(false),
  toxicologico_data: fieldDate('a data do exame toxicológico')
    .nullish()
    .transform((v) => v ?? null),
});
export type CnhBody = z.input<typeof cnhBody>;

export const cnhSchema = z.object({
  pessoa: personRef,
  numero: z.string(),
  categoria: z.enum(CNH_CATEGORIES),
  validade: z.string(),
  ear: z.boolean(),
  toxicologico_data: z.string().nullable(),
  toxicologico_validade: z.string().nullable(),
  estado: z.enum(STATES),
});
export type Cnh = z.infer<typeof cnhSchema>;

// ---------------------------------------------------------------- one worker

export const userIdParams = z.object({ userId: positiveId });

export const workerSstSchema = z.object({
  pessoa: personRef.extend({ funcao: z.string().nullable() }),
  aso_periodicidade_meses: z.number().int(),
  treinamentos: z.array(trainingRecordSchema),
  asos: z.array(asoSchema),
  cnh: cnhSchema.nullable(),
});
export type WorkerSst = z.infer<typeof workerSstSchema>;

// ---------------------------------------------------------------- requirement sets

export const requirementBody = z.object({
  tipo: z.enum(REQUIREMENT_KINDS, { error: 'Tipo de requisito inválido.' }),
  training_id: fieldId('o treinamento')
    .nullish()
    .transform((v) => v ?? null),
});

export const activityTypeBody = z.object({
  nome: fieldText('o nome do tipo de atividade', 120, 3),
  descricao: fieldOptionalText('a descrição', 500),
  ativo: z.boolean().default(true),
  requisitos: z
    .array(requirementBody, { error: 'Informe os requisitos.' })
    .min(1, 'Informe pelo menos um requisito.')
    .max(20, 'No máximo 20 requisitos.'),
});
export type ActivityTypeBody = z.input<typeof activityTypeBody>;

export const requirementSchema = z.object({
  tipo: z.enum(REQUIREMENT_KINDS),
  training_id: z.number().int().nullable(),
  rotulo: z.string(),
});
export const activityTypeSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  descricao: z.string().nullable(),
  ativo: z.boolean(),
  requisitos: z.array(requirementSchema),
});
export type ActivityType = z.infer<typeof activityTypeSchema>;
export const activityTypeListResponse = z.object({ items: z.array(activityTypeSchema) });

export const teamCheckBody = z.object({
  pessoas: z.array(fieldId('a pessoa')).max(30, 'No máximo 30 pessoas.'),
  tipo_atividade_id: fieldId('o tipo de atividade'),
  data: fieldDate('a data'),
});
export const teamCheckResponse = z.object({
  ok: z.boolean(),
  pendencias: z.array(z.object({ user_id: z.number().int(), motivo: z.string() })),
});

// ---------------------------------------------------------------- matrix

export const matrixQuery = z.object({
  contract_id: positiveId.optional(),
  funcao: z.string().trim().max(120).optional(),
});
export const matrixExportQuery = matrixQuery.extend({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});

export const matrixCell = z.object({
  coluna: z.string(),
  estado: z.enum(STATES),
  validade: z.string().nullable(),
  dias: z.number().int().nullable(),
});
export type MatrixCell = z.infer<typeof matrixCell>;
export const matrixResponse = z.object({
  colunas: z.array(z.object({ key: z.string(), rotulo: z.string() })),
  linhas: z.array(
    z.object({
      pessoa: personRef.extend({ funcao: z.string().nullable() }),
      celulas: z.array(matrixCell),
    }),
  ),
  funcoes: z.array(z.string()),
});
export type SstMatrix = z.infer<typeof matrixResponse>;

// ---------------------------------------------------------------- agenda and fleet

/** The override a gerente/diretoria writes to put someone on an entry despite SST. */
export const sstOverrideBody = z.object({
  motivo: z
    .string({ error: 'Informe a justificativa da liberação.' })
    .trim()
    .min(1, 'Informe a justificativa da liberação.')
    .min(10, 'Escreva a justificativa da liberação com pelo menos 10 caracteres.')
    .max(1000, 'A justificativa da liberação: máximo de 1000 caracteres.'),
});
export const sstOverrideSchema = z.object({
  motivo: z.string(),
  por: personRef.nullable(),
  em: z.string(),
  pendencias: z.array(z.string()),
});
export type SstOverride = z.infer<typeof sstOverrideSchema>;

export const vehicleCnhField = z
  .enum(VEHICLE_CNH_CATEGORIES, { error: 'Categoria de CNH inexistente. Use A, B, C, D ou E.' })
  .nullish()
  .transform((v) => v ?? null);
