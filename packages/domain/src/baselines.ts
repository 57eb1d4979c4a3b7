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

/** Baselines a team (a coordenador's) keeps on the team Gantt. */
export const MAX_BASELINES_PER_TEAM = 20;

/** POST /api/eproto/team/baselines: save the plan of every demand of the team's people. */
export const teamBaselineCreateBody = z.object({
  coordenador_id: fieldId('a equipe'),
  nome: fieldText('o nome da linha de base', BASELINE_NAME_MAX),
});
export type TeamBaselineCreateBody = z.input<typeof teamBaselineCreateBody>;

/** GET /api/eproto/team/baselines?coordenador_id= */
export const teamBaselineListQuery = z.object({ coordenador_id: positiveId });

/** A saved baseline of a team's Gantt (the team of a coordenador). */
export const teamBaselineSummarySchema = z.object({
  id: z.number().int(),
  coordenador_id: z.number().int(),
  nome: z.string(),
  created_at: z.string(),
  created_by_nome: z.string().nullable(),
  /** Dated tasks and demands it holds. */
  tarefas: z.number().int(),
  demandas: z.number().int(),
});
export type TeamBaselineSummary = z.infer<typeof teamBaselineSummarySchema>;
export const teamBaselineListResponse = z.array(teamBaselineSummarySchema);

/** A task of a team baseline: its demand and whether the variance counts working days. */
export const teamBaselineTaskSchema = baselineTaskSchema.extend({
  mural_id: z.number().int(),
  dias_uteis: z.boolean(),
});
export type TeamBaselineTask = z.infer<typeof teamBaselineTaskSchema>;

/** One demand of a team baseline: the last day saved and now, and its finish variance. */
export const teamBaselineDemandSchema = z.object({
  mural_id: z.number().int(),
  titulo: z.string(),
  dias_uteis: z.boolean(),
  fim_base: z.string().nullable(),
  fim_atual: z.string().nullable(),
  variacao: z.number().int().nullable(),
});
export type TeamBaselineDemand = z.infer<typeof teamBaselineDemandSchema>;

/** GET /api/eproto/team/baselines/{id}: its tasks and demands beside the plan as it is now. */
export const teamBaselineDetailResponse = teamBaselineSummarySchema.extend({
  tasks: z.array(teamBaselineTaskSchema),
  /** Latest finish variance first (the most late demand on top). */
  por_demanda: z.array(teamBaselineDemandSchema),
});
export type TeamBaselineDetail = z.infer<typeof teamBaselineDetailResponse>;
