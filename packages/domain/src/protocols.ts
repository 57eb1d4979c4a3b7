import { z } from 'zod';
import {
  intInRange,
  pagedQuery,
  plainDate,
  positiveId,
  requiredId,
  userRefSchema,
} from './common.ts';
import { muralTaskSchema } from './murals.ts';
import { MAX_LAG_DAYS } from './scheduling.ts';
import { updatedSince } from './sync.ts';
import {
  csvOf,
  descriptionField as descricao,
  historyLabeller,
  plannedOrder,
  priorityField as prioridade,
  somethingToChange,
  sortParam,
  stageField as stage,
  titleField,
  WORK_ITEM_HISTORY_LABELS,
} from './work-items.ts';

/** Review state of a task: pendente while em_revisao, then aprovado or rejeitado. */
export const REVIEW_STATUSES = ['pendente', 'aprovado', 'rejeitado'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pendente: 'Pendente',
  aprovado: 'Aprovada',
  rejeitado: 'Rejeitada',
};

/** What the caller may do on one task; the web shows or hides actions from it. */
export const protocolPermissionsSchema = z.object({
  /** PATCH /{id}: fields and dates (gestores of the demand, the demand's and the task's owner). */
  edit: z.boolean(),
  /** PATCH /{id}/kanban (editors and the task's responsável). */
  move: z.boolean(),
  /** DELETE /{id}. */
  delete: z.boolean(),
  /** POST/DELETE dependencies (same as edit). */
  edit_dependencies: z.boolean(),
  /** POST messages, history notes and attachments (everyone who sees the task). */
  message: z.boolean(),
  /** DELETE any attachment (everyone may delete the ones they uploaded). */
  delete_any_attachment: z.boolean(),
  /** PATCH /reviews/{id}/approve|reject. */
  review: z.boolean(),
});
export type ProtocolPermissions = z.infer<typeof protocolPermissionsSchema>;

/** A task as listed (list, kanban card, review queue): the demand task plus its context. */
export const protocolSummarySchema = muralTaskSchema.extend({
  mural_titulo: z.string(),
  board_id: z.number().int(),
  contract_id: z.number().int().nullable(),
  contract_nome: z.string().nullable(),
  review_status: z.enum(REVIEW_STATUSES).nullable(),
  /** When it last entered em_revisao (ISO timestamp). */
  review_requested_at: z.string().nullable(),
});
export type ProtocolSummary = z.infer<typeof protocolSummarySchema>;

/** The task page: every field, the last review decision and the caller's permissions. */
export const protocolSchema = protocolSummarySchema.extend({
  created_by_nome: z.string().nullable(),
  reviewed_by: z.number().int().nullable(),
  reviewed_by_nome: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  review_comment: z.string().nullable(),
  permissions: protocolPermissionsSchema,
});
export type Protocol = z.infer<typeof protocolSchema>;

/** A successor moved by a cascade (dates 'YYYY-MM-DD'). */
export const cascadedTaskSchema = z.object({
  id: z.number().int(),
  titulo: z.string(),
  shift_days: z.number().int(),
  inicio_previsto: z.string().nullable(),
  fim_previsto: z.string().nullable(),
});
export type CascadedTask = z.infer<typeof cascadedTaskSchema>;

/** PATCH /{id} answer: the task and the successors its new dates pushed. */
export const protocolUpdateResponse = protocolSchema.extend({
  cascaded: z.array(cascadedTaskSchema),
});
export type ProtocolUpdateResponse = z.infer<typeof protocolUpdateResponse>;

const boolParam = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean({ error: 'Use true ou false.' }),
);

/**
 * GET /api/eproto/protocols — the tasks the caller can see, paginated; total in `x-total-count`.
 * `stage` accepts a comma list; `late=true` keeps open tasks whose fim_previsto has passed.
 */
export const protocolListQuery = pagedQuery.extend({
  mural_id: positiveId.optional(),
  contract_id: positiveId.optional(),
  responsavel_id: positiveId.optional(),
  stage: csvOf(stage, 4, 'No máximo 4 etapas.').optional(),
  q: z.string().trim().max(100, 'Busca longa demais.').optional(),
  late: boolParam.optional(),
  sort: sortParam('fim_previsto'),
});
export type ProtocolListQuery = z.input<typeof protocolListQuery>;
export const protocolListResponse = z.array(protocolSummarySchema);

/**
 * GET /api/eproto/protocols/changes?<the page's query>&updated_since=… — what changed on one
 * page of the task list (or the tasks kanban) since a moment, like the Demandas list's
 * /murals/summary/page/changes: `ids`, the page's tasks now in its order; `items`, those of
 * them changed since (the task, or its demand: its title shows on the row); `total`; `cursor`.
 * A 'protocol.changed' push carries the oldest `updated_at` of its tasks as `version`.
 */
export const protocolListChangesQuery = protocolListQuery.extend({ updated_since: updatedSince });
export const protocolListChangesResponse = z.object({
  items: z.array(protocolSummarySchema),
  ids: z.array(z.number().int()),
  total: z.number().int(),
  cursor: z.string(),
});
export type ProtocolListChanges = z.infer<typeof protocolListChangesResponse>;

const titulo = titleField('Informe o título da tarefa.');
const horas = z
  .number({ error: 'Horas inválidas.' })
  .min(0, 'Horas não podem ser negativas.')
  .max(10_000, 'Horas demais.');
/** POST /api/eproto/protocols: a task in a demand the caller may edit. */
export const protocolCreateBody = z
  .object({
    mural_id: requiredId('Escolha a demanda.'),
    titulo,
    descricao: descricao.nullish(),
    responsavel_id: positiveId.nullish(),
    prioridade: prioridade.default('media'),
    stage: stage.default('a_fazer'),
    inicio_previsto: plainDate.nullish(),
    fim_previsto: plainDate.nullish(),
    horas_estimadas: horas.nullish(),
  })
  .refine(...plannedOrder);
export type ProtocolCreateBody = z.input<typeof protocolCreateBody>;

/**
 * PATCH /api/eproto/protocols/{id}: edits fields (stage has its own call). null clears.
 * New planned dates cascade to the successors (see scheduling.ts) in the same transaction; a
 * start before what a predecessor allows is refused (400).
 */
export const protocolUpdateBody = z
  .object({
    titulo: titulo.optional(),
    descricao: descricao.nullish(),
    responsavel_id: positiveId.nullish(),
    prioridade: prioridade.optional(),
    inicio_previsto: plainDate.nullish(),
    fim_previsto: plainDate.nullish(),
    inicio_real: plainDate.nullish(),
    fim_real: plainDate.nullish(),
    horas_estimadas: horas.nullish(),
  })
  .refine(...somethingToChange)
  .refine(...plannedOrder);
export type ProtocolUpdateBody = z.input<typeof protocolUpdateBody>;

/** History labels of a task: its own actions, then the shared ones. */
export const PROTOCOL_HISTORY_LABELS: Record<string, string> = {
  criada: 'Tarefa criada',
  editada: 'Tarefa editada',
  datas_cascata: 'Datas ajustadas pela dependência',
  dependencia_adicionada: 'Dependência adicionada',
  dependencia_removida: 'Dependência removida',
  revisao_solicitada: 'Enviada para revisão',
  revisao_aprovada: 'Revisão aprovada',
  revisao_rejeitada: 'Revisão rejeitada',
  ...WORK_ITEM_HISTORY_LABELS,
};

/** Label of a task history action; unknown actions read as themselves. */
export const protocolHistoryLabel = historyLabeller(PROTOCOL_HISTORY_LABELS);

/** The other end of a dependency, as shown in the editor. */
export const dependencyTaskRefSchema = z.object({
  id: z.number().int(),
  titulo: z.string(),
  mural_id: z.number().int(),
  stage,
  inicio_previsto: z.string().nullable(),
  fim_previsto: z.string().nullable(),
});

/** A finish-to-start link: `protocol_id` starts after `predecessor_id` ends + lag_days. */
export const dependencySchema = z.object({
  id: z.number().int(),
  protocol_id: z.number().int(),
  predecessor_id: z.number().int(),
  lag_days: z.number().int(),
  predecessor: dependencyTaskRefSchema,
  successor: dependencyTaskRefSchema,
  created_at: z.string(),
});
export type Dependency = z.infer<typeof dependencySchema>;

/**
 * GET /api/eproto/protocols/{id}/dependencies: the links touching the task, both ways
 * (`protocol_id === id` are its predecessors, `predecessor_id === id` its successors). Links to
 * tasks the caller cannot see are left out.
 */
export const dependencyListResponse = z.array(dependencySchema);

/**
 * POST /api/eproto/protocols/{id}/dependencies and /api/eproto/tasks/{id}/dependencies:
 * the task `{id}` comes to depend on `predecessor_id`. Self-dependencies and cycles answer 400.
 */
export const dependencyCreateBody = z.object({
  predecessor_id: requiredId('Escolha a tarefa anterior.'),
  lag_days: intInRange(-MAX_LAG_DAYS, MAX_LAG_DAYS, {
    invalid: 'O intervalo deve ser um número inteiro de dias.',
    tooSmall: `O intervalo deve ser de no mínimo -${MAX_LAG_DAYS} dias.`,
    tooBig: `O intervalo deve ser de no máximo ${MAX_LAG_DAYS} dias.`,
  }).default(0),
});
export type DependencyCreateBody = z.input<typeof dependencyCreateBody>;

/** POST dependencies answer: the link and the tasks it pushed (the task itself first, if it moved). */
export const dependencyCreateResponse = dependencySchema.extend({
  cascaded: z.array(cascadedTaskSchema),
});
export type DependencyCreateResponse = z.infer<typeof dependencyCreateResponse>;
export const dependencyParams = z.object({ id: positiveId, depId: positiveId });

/** One pending review (the id is the task's id). */
export const reviewItemSchema = z.object({
  id: z.number().int(),
  protocol_id: z.number().int(),
  titulo: z.string(),
  prioridade,
  mural_id: z.number().int(),
  mural_titulo: z.string(),
  contract_id: z.number().int().nullable(),
  contract_nome: z.string().nullable(),
  responsavel: userRefSchema.nullable(),
  inicio_previsto: z.string().nullable(),
  fim_previsto: z.string().nullable(),
  /** When it entered em_revisao. */
  since: z.string(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;
export const reviewListResponse = z.array(reviewItemSchema);

/** GET /api/eproto/reviews: pending reviews of the caller's contracts, oldest first. */
export const reviewListQuery = pagedQuery.extend({ contract_id: positiveId.optional() });
export type ReviewListQuery = z.input<typeof reviewListQuery>;

/** GET /api/eproto/reviews/count -> {count}; status defaults to pendente. */
export const reviewCountQuery = z.object({
  contract_id: positiveId.optional(),
  status: z.enum(REVIEW_STATUSES, { error: 'Status inválido.' }).default('pendente'),
});
export type ReviewCountQuery = z.input<typeof reviewCountQuery>;
export const reviewCountResponse = z.object({ count: z.number().int() });

/**
 * GET /api/eproto/reviews/changes?<the page's query>&updated_since=… — what changed on one
 * page of the review queue since a moment (reviewers only, like the queue): `ids`, the page's
 * reviews now in its order; `items`, those of them whose task or demand changed since; `total`;
 * `cursor`; and `count`, the caller's whole pending queue (the menu badge). 'protocol.changed'
 * and 'reviews.changed' carry the oldest `updated_at` of their tasks as `version`.
 */
export const reviewChangesQuery = reviewListQuery.extend({ updated_since: updatedSince });
export const reviewChangesResponse = z.object({
  items: z.array(reviewItemSchema),
  ids: z.array(z.number().int()),
  total: z.number().int(),
  cursor: z.string(),
  count: z.number().int(),
});
export type ReviewChanges = z.infer<typeof reviewChangesResponse>;

/** GET /api/eproto/reviews/murals: demands with pending reviews. */
export const reviewMuralSchema = z.object({
  mural_id: z.number().int(),
  titulo: z.string(),
  contract_id: z.number().int().nullable(),
  contract_nome: z.string().nullable(),
  pending: z.number().int(),
});
export type ReviewMural = z.infer<typeof reviewMuralSchema>;
export const reviewMuralListResponse = z.array(reviewMuralSchema);
export const reviewMuralsQuery = z.object({ contract_id: positiveId.optional() });

/** PATCH /api/eproto/reviews/{id}/approve: optional comment; an absent body is accepted. */
export const reviewApproveBody = z.preprocess(
  (v) => v ?? {},
  z.object({
    comment: z.string().trim().max(2000, 'Comentário com no máximo 2000 caracteres.').optional(),
  }),
);
export type ReviewApproveBody = z.input<typeof reviewApproveBody>;

/** PATCH /api/eproto/reviews/{id}/reject {comment}: the comment is required. */
export const reviewRejectBody = z.object({
  comment: z
    .string({ error: 'Informe o motivo da rejeição.' })
    .trim()
    .min(3, 'Informe o motivo da rejeição (pelo menos 3 caracteres).')
    .max(2000, 'Comentário com no máximo 2000 caracteres.'),
});
export type ReviewRejectBody = z.input<typeof reviewRejectBody>;

/** Approve/reject answer: the task as it is now. @alias of protocolSchema. */
export const reviewDecisionResponse = protocolSchema;
