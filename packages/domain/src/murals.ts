import { z } from 'zod';
import { plainDate, positiveId, pagedQuery, requiredId, userRefSchema } from './common.ts';
import { FINANCE_HISTORY_LABELS, RECURRENCE_HISTORY_LABELS } from './history-labels-extra.ts';
import type { workItemSchemas } from './work-items.ts';
import {
  csvOf,
  descriptionField as descricao,
  historyLabeller,
  messageBody,
  plannedOrder,
  priorityField as prioridade,
  somethingToChange,
  sortParam,
  splitCsv,
  stageField as stage,
  titleField,
  WORK_ITEM_HISTORY_LABELS,
} from './work-items.ts';
import { MURAL_SORT_FIELDS, PRAZO_FILTERS } from './list-constants.ts';
import { syncedListFields, updatedSince } from './sync.ts';

/** Finance flow states of a demand (issue 6); null when never sent to finance. */
export const FINANCE_STATUSES = ['enviado', 'visualizado', 'concluido'] as const;
export type FinanceStatus = (typeof FINANCE_STATUSES)[number];

/** What the caller may do on one demand; the web shows or hides actions from it. */
export const muralPermissionsSchema = z.object({
  /** PATCH /{id}: title, description, dates, priority, responsável, board, contract. */
  edit: z.boolean(),
  /** PATCH /{id}/kanban. */
  move: z.boolean(),
  /** POST messages and history notes. */
  message: z.boolean(),
  /** POST attachments/upload. */
  upload: z.boolean(),
  /** POST/DELETE participants. */
  manage_participants: z.boolean(),
  /** DELETE any attachment (everyone may delete the ones they uploaded). */
  delete_any_attachment: z.boolean(),
  /** PATCH /{id}/tasks/{taskId} on any task. */
  edit_tasks: z.boolean(),
});
export type MuralPermissions = z.infer<typeof muralPermissionsSchema>;

/** One demand as listed (summary and kanban card). Dates are 'YYYY-MM-DD'. */
export const muralSummarySchema = z.object({
  id: z.number().int(),
  titulo: z.string(),
  board_id: z.number().int(),
  board_nome: z.string(),
  contract_id: z.number().int().nullable(),
  contract_nome: z.string().nullable(),
  prioridade: prioridade,
  stage,
  responsavel_id: z.number().int().nullable(),
  responsavel_nome: z.string().nullable(),
  responsavel_avatar: z.string().nullable(),
  inicio_previsto: z.string().nullable(),
  fim_previsto: z.string().nullable(),
  inicio_real: z.string().nullable(),
  fim_real: z.string().nullable(),
  finance_status: z.enum(FINANCE_STATUSES).nullable(),
  recurrence_id: z.number().int().nullable(),
  /** Not concluded and fim_previsto before today (company time zone). */
  atrasada: z.boolean(),
  /** Something happened since the caller last opened it (visualizado), by someone else. */
  unread: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MuralSummary = z.infer<typeof muralSummarySchema>;

/** The demand page header: every field plus names, finance trail and the caller's permissions. */
export const muralSchema = muralSummarySchema.extend({
  descricao: z.string().nullable(),
  created_by: z.number().int().nullable(),
  created_by_nome: z.string().nullable(),
  finance_sent_at: z.string().nullable(),
  finance_sent_by: z.number().int().nullable(),
  finance_viewed_at: z.string().nullable(),
  finance_viewed_by: z.number().int().nullable(),
  finance_done_at: z.string().nullable(),
  finance_done_by: z.number().int().nullable(),
  /** Plans in working days: lags and durations skip weekends, holidays and days off. */
  dias_uteis: z.boolean(),
  permissions: muralPermissionsSchema,
});
export type Mural = z.infer<typeof muralSchema>;

export { MURAL_SORT_FIELDS, PRAZO_FILTERS };
export type MuralSortField = (typeof MURAL_SORT_FIELDS)[number];
export type PrazoFilter = (typeof PRAZO_FILTERS)[number];

/**
 * GET /api/eproto/murals/summary — the caller's demands, paginated; total in `x-total-count`,
 * ETag + 304, Cache-Control no-cache. `stage` and `prioridade` accept comma lists.
 * `responsavel_id=me` is not special: pass the user id.
 */
export const muralSummaryQuery = pagedQuery.extend({
  board_id: positiveId.optional(),
  contract_id: positiveId.optional(),
  stage: csvOf(stage, 4).optional(),
  prioridade: csvOf(prioridade, 4).optional(),
  responsavel_id: positiveId.optional(),
  prazo: z.enum(PRAZO_FILTERS, { error: 'Filtro de prazo inválido.' }).optional(),
  q: z.string().trim().max(100, 'Busca longa demais.').optional(),
  sort: sortParam('-updated_at'),
});
export type MuralSummaryQuery = z.input<typeof muralSummaryQuery>;
export const muralSummaryResponse = z.array(muralSummarySchema);

/**
 * GET /api/eproto/murals/summary/changes?board_id=7&updated_since=… — what changed on a board
 * since a moment, for a tab that already shows it (sync.ts): `items`, the caller's cards of the
 * board whose demand changed (`updated_at` at or after `updated_since`, at most 1000, newest
 * first); `count` and `ids_hash` (idSetHash), the cards of the board the caller may still see,
 * which the tab compares with its own after merging `items`; `ids`, those cards' ids, only with
 * `with_ids=1` (asked again when they differ: a card moved away, deleted or out of scope);
 * `cursor`, the next `updated_since`. A push event 'mural.changed' carries its demand's
 * `updated_at` as `version`: the other tabs ask the changes since that version and patch the
 * card instead of refetching the board (a move on a 1,000-card board: ~1 KB, not the ~5 KB of
 * every id).
 */
export const muralBoardChangesQuery = z.object({
  board_id: requiredId('Informe o quadro.'),
  updated_since: updatedSince,
  with_ids: z.enum(['1'], { error: 'Use with_ids=1 para receber os ids.' }).optional(),
});
export const muralBoardChangesResponse = z.object({
  items: z.array(muralSummarySchema),
  count: z.number().int(),
  ids_hash: z.string(),
  ...syncedListFields,
});
export type MuralBoardChanges = z.infer<typeof muralBoardChangesResponse>;

/**
 * GET /api/eproto/murals/summary/page/changes?<the page's query>&updated_since=… — what changed
 * on one page of the Demandas list since a moment, for a tab that shows that page (sync.ts):
 * `ids`, the page's demands now, in its order (filters, sort, page and perPage as in
 * GET /summary); `items`, those of them whose demand changed (`updated_at` or its last
 * activity at or after `updated_since`), as the summary lists them; `total`, the list's
 * total; `cursor`, the next `updated_since`. A demand that left the page is not in `ids`; one
 * that came in unchanged (pushed from the page before or after) is in `items` too when the
 * tab says what it holds (`have`, the page's ids as it shows them, at most 1000): the tab
 * merges the answer and reads nothing else. Without `have`, such a demand is in `ids` only and
 * the tab reads the page again.
 */
export const muralPageChangesQuery = muralSummaryQuery.extend({
  updated_since: updatedSince,
  have: z
    .preprocess(
      splitCsv,
      z.array(positiveId, { error: 'Ids inválidos.' }).max(1000, 'No máximo 1000 ids.'),
    )
    .optional(),
});
export type MuralPageChangesQuery = z.input<typeof muralPageChangesQuery>;
export const muralPageChangesResponse = z.object({
  items: z.array(muralSummarySchema),
  ids: z.array(z.number().int()),
  total: z.number().int(),
  cursor: z.string(),
});
export type MuralPageChanges = z.infer<typeof muralPageChangesResponse>;

/**
 * GET /api/eproto/murals/counts?ids=1,2,3 (at most 1000 ids) or ?board_id=7 (every demand of the
 * board, one call however large: the kanban asks it beside the cards, before knowing their ids);
 * demands out of the caller's scope are left out.
 */
export const muralCountsQuery = z
  .object({
    ids: z
      .preprocess(
        splitCsv,
        z
          .array(positiveId, { error: 'Informe os ids.' })
          .min(1, 'Informe os ids.')
          .max(1000, 'No máximo 1000 ids.'),
      )
      .optional(),
    board_id: positiveId.optional(),
  })
  .refine((q) => (q.ids === undefined) !== (q.board_id === undefined), {
    message: 'Informe os ids ou o quadro (um dos dois).',
    path: ['ids'],
  });
export const muralCountsItemSchema = z.object({
  id: z.number().int(),
  tasks: z.number().int(),
  messages: z.number().int(),
  attachments: z.number().int(),
  /** Same meaning as MuralSummary.unread. */
  unread: z.boolean(),
  /** Messages by others after the caller's last visit. */
  unread_messages: z.number().int(),
});
export type MuralCounts = z.infer<typeof muralCountsItemSchema>;
export const muralCountsResponse = z.array(muralCountsItemSchema);

const titulo = titleField('Informe o título da demanda.');

/** POST /api/eproto/murals (gestores). contract_id defaults to the board's contract. */
export const muralCreateBody = z
  .object({
    titulo,
    descricao: descricao.nullish(),
    board_id: requiredId('Escolha o quadro.'),
    contract_id: positiveId.nullish(),
    prioridade: prioridade.default('media'),
    stage: stage.default('a_fazer'),
    responsavel_id: positiveId.nullish(),
    inicio_previsto: plainDate.nullish(),
    fim_previsto: plainDate.nullish(),
    participants: z.array(positiveId).max(100, 'Participantes demais.').optional(),
  })
  .refine(...plannedOrder);
export type MuralCreateBody = z.input<typeof muralCreateBody>;

/** PATCH /api/eproto/murals/{id}: edits fields (stage has its own call). null clears. */
export const muralUpdateBody = z
  .object({
    titulo: titulo.optional(),
    descricao: descricao.nullish(),
    board_id: positiveId.optional(),
    contract_id: positiveId.nullish(),
    prioridade: prioridade.optional(),
    responsavel_id: positiveId.nullish(),
    inicio_previsto: plainDate.nullish(),
    fim_previsto: plainDate.nullish(),
    inicio_real: plainDate.nullish(),
    fim_real: plainDate.nullish(),
    dias_uteis: z.boolean({ error: 'Informe se a demanda planeja em dias úteis.' }).optional(),
  })
  .refine(...somethingToChange)
  .refine(...plannedOrder);
export type MuralUpdateBody = z.input<typeof muralUpdateBody>;

/** PATCH /api/eproto/murals/{id}/kanban and /eproto/protocols/{id}/kanban. */
export const kanbanBody = z.object({ stage });
export type KanbanBody = z.input<typeof kanbanBody>;

/** POST /api/eproto/murals/{id}/messages {texto, mentions?} (rules in work-items.ts). */
export const muralMessageBody = messageBody;

/** History labels of a demand: its own actions, finance and recurrence, then the shared ones. */
export const MURAL_HISTORY_LABELS: Record<string, string> = {
  criada: 'Demanda criada',
  editada: 'Demanda editada',
  participante_adicionado: 'Participante adicionado',
  participante_removido: 'Participante removido',
  tarefa_alterada: 'Tarefa alterada',
  plano_importado: 'Plano importado',
  ...WORK_ITEM_HISTORY_LABELS,
  ...FINANCE_HISTORY_LABELS,
  ...RECURRENCE_HISTORY_LABELS,
};

/** Label of a history action; unknown actions (from other areas) read as themselves. */
export const muralHistoryLabel = historyLabeller(MURAL_HISTORY_LABELS);

/** One history entry of a demand (the thread's answers: workItemSchemas('mural_id')). */
export type MuralHistory = z.infer<ReturnType<typeof workItemSchemas<'mural_id'>>['history']>;

/** A participant of a demand. */
export const muralParticipantSchema = z.object({
  user_id: z.number().int(),
  user: userRefSchema,
  added_at: z.string(),
});
export type MuralParticipant = z.infer<typeof muralParticipantSchema>;
export const muralParticipantListResponse = z.array(muralParticipantSchema);

/** POST /api/eproto/murals/{id}/participants; DELETE /{id}/participants/{userId} removes. */
export const muralParticipantBody = z.object({ user_id: positiveId });
export type MuralParticipantBody = z.input<typeof muralParticipantBody>;
export const muralParticipantParams = z.object({ id: positiveId, userId: positiveId });

/** PATCH /api/eproto/murals/{id}/visualizado answer. */
export const visualizadoResponse = z.object({ ok: z.literal(true), viewed_at: z.string() });

/** A task of a demand as listed on the demand page (the task area owns the full shape). */
export const muralTaskSchema = z.object({
  id: z.number().int(),
  mural_id: z.number().int(),
  titulo: z.string(),
  descricao: z.string().nullable(),
  responsavel_id: z.number().int().nullable(),
  responsavel_nome: z.string().nullable(),
  responsavel_avatar: z.string().nullable(),
  stage,
  prioridade: prioridade,
  inicio_previsto: z.string().nullable(),
  fim_previsto: z.string().nullable(),
  inicio_real: z.string().nullable(),
  fim_real: z.string().nullable(),
  horas_estimadas: z.number().nullable(),
  atrasada: z.boolean(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MuralTask = z.infer<typeof muralTaskSchema>;
export const muralTaskListResponse = z.array(muralTaskSchema);

/**
 * GET /api/eproto/murals/{id}/tasks/changes?updated_since=… — what changed in a demand's task
 * tab since a moment (a 'protocol.changed' version), like the task list's /protocols/changes:
 * `items`, its tasks changed since; `ids`, all its tasks now in the tab's order; `total`;
 * `cursor`.
 */
export const muralTaskChangesQuery = z.object({ updated_since: updatedSince });
export const muralTaskChangesResponse = z.object({
  items: muralTaskListResponse,
  ids: z.array(z.number().int()),
  total: z.number().int(),
  cursor: z.string(),
});
export type MuralTaskChanges = z.infer<typeof muralTaskChangesResponse>;

/** PATCH /api/eproto/murals/{id}/tasks/{taskId}: quick edits from the demand page. */
export const muralTaskUpdateBody = z
  .object({
    titulo: titulo.optional(),
    stage: stage.optional(),
    prioridade: prioridade.optional(),
    responsavel_id: positiveId.nullish(),
    inicio_previsto: plainDate.nullish(),
    fim_previsto: plainDate.nullish(),
    horas_estimadas: z
      .number({ error: 'Horas inválidas.' })
      .min(0, 'Horas não podem ser negativas.')
      .max(10_000, 'Horas demais.')
      .nullish(),
  })
  .refine(...somethingToChange)
  .refine(...plannedOrder);
export type MuralTaskUpdateBody = z.input<typeof muralTaskUpdateBody>;
export const muralTaskParams = z.object({ id: positiveId, taskId: positiveId });
