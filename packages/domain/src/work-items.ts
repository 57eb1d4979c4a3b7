import { z } from 'zod';
import {
  hasInvalidChar,
  INVALID_TEXT_MESSAGE,
  pageSize,
  positiveId,
  stripUnsafeNameChars,
  userRefSchema,
} from './common.ts';
import { PRIORITIES, STAGES } from './stages.ts';
import { WORK_ITEM_SORT_FIELDS } from './list-constants.ts';

// What every kind of work item (demand, task, ...) has alike: stage and priority, planned
// dates, a thread of messages with @mentions, attachments deleted with a reason, and a history.
// Each kind names its own id field (mural_id, protocol_id) through workItemSchemas.

/** Kanban stage of a work item. */
export const stageField = z.enum(STAGES, { error: 'Etapa inválida.' });
/** Priority of a work item. */
export const priorityField = z.enum(PRIORITIES, { error: 'Prioridade inválida.' });

/** Title of a work item, with the kind's own "missing" message. */
export const titleField = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(3, 'O título deve ter pelo menos 3 caracteres.')
    .max(200, 'Título com no máximo 200 caracteres.');
/** Free-text description of a work item. */
export const descriptionField = z
  .string()
  .trim()
  .max(10_000, 'Descrição com no máximo 10000 caracteres.');

/** Refine: the planned end is not before the planned start. */
export const plannedOrder: [
  (v: { inicio_previsto?: string | null; fim_previsto?: string | null }) => boolean,
  { message: string; path: string[] },
] = [
  (v) => !v.inicio_previsto || !v.fim_previsto || v.fim_previsto >= v.inicio_previsto,
  {
    message: 'O fim previsto deve ser igual ou posterior ao início previsto.',
    path: ['fim_previsto'],
  },
];

/** Refine: a PATCH body changes at least one field. */
export const somethingToChange = [
  (v: Record<string, unknown>) => Object.values(v).some((x) => x !== undefined),
  'Nada para alterar.',
] as const;

export { WORK_ITEM_SORT_FIELDS };
const SORT_VALUES = WORK_ITEM_SORT_FIELDS.flatMap((f) => [f, `-${f}`] as const);

/** `sort` query parameter of a work-item list, with its default. */
export const sortParam = (fallback: string) =>
  z
    .enum(SORT_VALUES as unknown as [string, ...string[]], { error: 'Ordenação inválida.' })
    .default(fallback);

/** Splits "a,b,c" (or repeated query params) into a trimmed list without blanks. */
export function splitCsv(v: unknown): unknown {
  const parts = Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : v;
  return Array.isArray(parts) ? parts.map((s: string) => s.trim()).filter(Boolean) : parts;
}

/** A query parameter holding a comma list of `item`, at most `max` values. */
export const csvOf = <T extends z.ZodType>(
  item: T,
  max: number,
  tooMany = `No máximo ${max} valores.`,
) => z.preprocess(splitCsv, z.array(item).max(max, tooMany));

/** A history entry: who did what, with the changed fields before and after. */
export const historyEntryFields = {
  action: z.string(),
  author_id: z.number().int().nullable(),
  author_nome: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  texto: z.string().nullable(),
  created_at: z.string(),
};

/** History entries per page (GET /{id}/history). */
export const HISTORY_PAGE_SIZE = 50;

/**
 * GET /{id}/history?before=<entry id>&limit=: newest first, keyset pages. `before` is the id of
 * the last entry shown; the next page holds the entries older than it in (created_at, id)
 * order, so equal timestamps are neither repeated nor skipped and the cost does not grow with
 * the table. A full page (limit entries) means there may be more.
 */
export const historyPageQuery = z.object({
  before: positiveId.optional(),
  limit: pageSize(200, HISTORY_PAGE_SIZE),
});
export type HistoryPageQuery = z.input<typeof historyPageQuery>;

/** POST /{id}/history: a note written into a history (action 'nota'). */
export const historyNoteBody = z.object({
  texto: z
    .string({ error: 'Escreva a anotação.' })
    .trim()
    .min(1, 'Escreva a anotação.')
    .max(2000, 'Anotação com no máximo 2000 caracteres.'),
});

/** A message; `mentions` are the ids of the people notified. */
export const messageFields = {
  texto: z.string(),
  author_id: z.number().int().nullable(),
  author_nome: z.string().nullable(),
  author_avatar: z.string().nullable(),
  mentions: z.array(z.number().int()),
  created_at: z.string(),
  /**
   * Posted or last changed (a mention added later). The phone sends the newest one it keeps,
   * less SYNC_CURSOR_OVERLAP_MS, as `updated_since` to fetch only the newer messages.
   */
  updated_at: z.string().optional(),
};

/** A stored attachment, downloaded at `download_url` (Content-Disposition: attachment). */
export const attachmentFields = {
  display_name: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  uploaded_by: z.number().int().nullable(),
  uploaded_by_nome: z.string().nullable(),
  created_at: z.string(),
  download_url: z.string(),
};

/**
 * POST /{id}/messages {texto, mentions?}. People are mentioned by writing "@Nome Completo" (or a
 * first name only one of them has) of someone from the mentionables, accents and case ignored,
 * or by listing their ids in `mentions` (the picker); only they are notified (type 'mention').
 */
export const messageBody = z.object({
  texto: z
    .string({ error: 'Escreva a mensagem.' })
    .trim()
    .min(1, 'Escreva a mensagem.')
    .max(5000, 'Mensagem com no máximo 5000 caracteres.'),
  mentions: z.array(positiveId).max(50, 'Menções demais.').optional(),
});
export type MessageBody = z.input<typeof messageBody>;

/** The people who can be mentioned: those who can see the item. */
export const mentionablesResponse = z.array(userRefSchema);

/**
 * What POST /{id}/messages adds to the message: the people written with "@" who cannot see the
 * item and so were NOT notified, and whether the author may add them as participants (then
 * POST /{id}/messages/{messageId}/mentions {user_id} adds and notifies one of them).
 */
export const messagePostedFields = {
  not_notified: z.array(userRefSchema),
  can_add_participants: z.boolean(),
};

/** POST /{id}/messages/{messageId}/mentions: add the person as participant and notify them. */
export const mentionParticipantBody = z.object({ user_id: positiveId });
export type MentionParticipantBody = z.input<typeof mentionParticipantBody>;
export const messageParams = z.object({ id: positiveId, messageId: positiveId });

/** Multipart text field of an attachment upload besides `file`. */
export const attachmentDisplayName = z
  .string()
  .refine((v) => !hasInvalidChar(v), INVALID_TEXT_MESSAGE)
  .transform((v) => stripUnsafeNameChars(v).trim())
  .pipe(z.string().max(200, 'Nome de exibição com no máximo 200 caracteres.'));

/** The text fields of an attachment upload (multipart, beside `file`); blank keeps the file's name. */
export const attachmentUploadFields = z.object({ display_name: attachmentDisplayName });

/** DELETE /{id}/attachments/{attId} body: the reason stays in history. */
export const attachmentDeleteBody = z.object({
  reason: z
    .string({ error: 'Informe o motivo da exclusão.' })
    .trim()
    .min(3, 'Informe o motivo da exclusão (pelo menos 3 caracteres).')
    .max(500, 'Motivo com no máximo 500 caracteres.'),
});
export type AttachmentDeleteBody = z.input<typeof attachmentDeleteBody>;
export const attachmentParams = z.object({ id: positiveId, attId: positiveId });

/** A message, attachment and history entry of any kind of item (without its item's id). */
export const workItemMessageSchema = z.object({ id: z.number().int(), ...messageFields });
export type WorkItemMessage = z.infer<typeof workItemMessageSchema>;
export const workItemAttachmentSchema = z.object({ id: z.number().int(), ...attachmentFields });
export type WorkItemAttachment = z.infer<typeof workItemAttachmentSchema>;
export const workItemHistorySchema = z.object({ id: z.number().int(), ...historyEntryFields });
export type WorkItemHistory = z.infer<typeof workItemHistorySchema>;
/** POST /{id}/messages answer. */
export const workItemMessagePostedSchema = workItemMessageSchema.extend(messagePostedFields);
export type WorkItemMessagePosted = z.infer<typeof workItemMessagePostedSchema>;

/**
 * The message, attachment and history schemas of one kind of work item, each carrying the id of
 * its item under `itemField` (e.g. 'mural_id').
 */
export function workItemSchemas<F extends string>(itemField: F) {
  const item = { [itemField]: z.number().int() } as { [P in F]: z.ZodNumber };
  const message = workItemMessageSchema.extend(item);
  const attachment = workItemAttachmentSchema.extend(item);
  const history = workItemHistorySchema.extend(item);
  return {
    message,
    messageList: z.array(message),
    messagePosted: message.extend(messagePostedFields),
    attachment,
    attachmentList: z.array(attachment),
    history,
    historyList: z.array(history),
  };
}

/** History actions every work item writes; each kind adds its own (criada, editada, ...). */
export const WORK_ITEM_HISTORY_LABELS: Record<string, string> = {
  etapa_alterada: 'Etapa alterada',
  responsavel_alterado: 'Responsável alterado',
  datas_alteradas: 'Datas alteradas',
  mensagem: 'Mensagem',
  anexo_adicionado: 'Anexo adicionado',
  anexo_removido: 'Anexo removido',
  nota: 'Anotação',
};

/** The label function of a kind's history: its own labels, then the shared ones. */
export function historyLabeller(labels: Record<string, string>): (action: string) => string {
  return (action) => labels[action] ?? action;
}
