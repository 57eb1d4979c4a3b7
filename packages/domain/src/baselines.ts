import { z } from 'zod';
import { positiveId } from './common.ts';
import { fieldId, fieldText } from './field-common.ts';

/** Longest baseline name ("Plano aprovado em 10/03", "Replanejamento após chuvas"). */
export const BASELINE_NAME_MAX = 80;
/** Baselines a demand keeps; an older one is deleted to save a new one past it. */
export const MAX_BASELINES_PER_MURAL = 20;

/** POST /api/eproto/baselines: save the demand's current plan under a name. */
export const baselineCreateBody = z.object({
  mural_id: fieldId('a demanda'),
  nome: fieldText('o nome da linha de base', BASELINE_NAME_MAX),
});
export type BaselineCreateBody = z.input<typeof baselineCreateBody>;

/** GET /api/eproto/baselines?mural_id= */
export const baselineListQuery = z.object({ mural_id: positiveId });

/** A saved baseline of a demand's plan. */
export const baselineSummarySchema = z.object({
  id: z.number().int(),
  mural_id: z.number().int(),
  nome: z.string(),
  created_at: z.string(),
  created_by_nome: z.string().nullable(),
  /** Dated tasks it holds. */
  tarefas: z.number().int(),
});
export type BaselineSummary = z.infer<typeof baselineSummarySchema>;
export const baselineListResponse = z.array(baselineSummarySchema);

/**
 * One task of a baseline beside its current plan. `variacao_*`: how far the current date is
 * from the saved one, positive = later (late), negative = earlier, in working days when the
 * demand plans in them; null when the task has no such date now.
 */
export const baselineTaskSchema = z.object({
  protocol_id: z.number().int(),
  titulo: z.string(),
  inicio_base: z.string(),
  fim_base: z.string(),
  inicio_atual: z.string().nullable(),
  fim_atual: z.string().nullable(),
  variacao_inicio: z.number().int().nullable(),
  variacao_fim: z.number().int().nullable(),
});
export type BaselineTask = z.infer<typeof baselineTaskSchema>;

/** GET /api/eproto/baselines/{id}: the baseline, its tasks and the demand's variance. */
export const baselineDetailResponse = baselineSummarySchema.extend({
  /** Variances count working days (the demand plans in them). */
  dias_uteis: z.boolean(),
  tasks: z.array(baselineTaskSchema),
  /** Last day of the saved plan and of the current one (every dated task of the demand). */
  fim_base: z.string().nullable(),
  fim_atual: z.string().nullable(),
  /** The demand's finish variance: positive = late, negative = early. */
  variacao: z.number().int().nullable(),
});
export type BaselineDetail = z.infer<typeof baselineDetailResponse>;
