import { z } from 'zod';
import { positiveId } from './common.ts';

/** Messages a user may send to the assistant per minute (the 21st answers 429). */
export const ASSISTANT_RATE_LIMIT_PER_MINUTE = 20;
/** Longest question accepted, in characters. */
export const ASSISTANT_MESSAGE_MAX = 2000;
/** Title of a conversation before its first question names it. */
export const ASSISTANT_NEW_TITLE = 'Nova conversa';

/** What a linked item of an answer is (each kind opens its own screen). */
export const ASSISTANT_SOURCE_KINDS = [
  'demanda',
  'tarefa',
  'agenda',
  'epi',
  'frota',
  'revisao',
] as const;
export type AssistantSourceKind = (typeof ASSISTANT_SOURCE_KINDS)[number];

/** An item an answer used, as a link inside the app (href always starts with "/"). */
export const assistantSourceSchema = z.object({
  kind: z.enum(ASSISTANT_SOURCE_KINDS),
  id: z.number().int().nullable(),
  label: z.string(),
  href: z.string(),
});
export type AssistantSource = z.infer<typeof assistantSourceSchema>;

/** Write actions the assistant may propose; they run only after the user confirms. */
export const ASSISTANT_ACTION_TOOLS = ['criar_tarefa', 'adicionar_mensagem'] as const;
export type AssistantActionTool = (typeof ASSISTANT_ACTION_TOOLS)[number];

export const ASSISTANT_ACTION_STATUSES = ['pendente', 'confirmada', 'cancelada', 'falhou'] as const;
export type AssistantActionStatus = (typeof ASSISTANT_ACTION_STATUSES)[number];

/** A proposed action as the confirmation card shows it. */
export const assistantActionSchema = z.object({
  tool: z.enum(ASSISTANT_ACTION_TOOLS),
  /** One sentence: what will be done. */
  resumo: z.string(),
  detalhes: z.array(z.object({ label: z.string(), value: z.string() })),
  status: z.enum(ASSISTANT_ACTION_STATUSES),
  /** What happened after the decision (or why it failed). */
  resultado: z.string().nullable(),
});
export type AssistantAction = z.infer<typeof assistantActionSchema>;

/** ok; erro (provider failure, shown as text); interrompida (the user pressed stop). */
export const ASSISTANT_MESSAGE_STATUSES = ['ok', 'erro', 'interrompida'] as const;
export type AssistantMessageStatus = (typeof ASSISTANT_MESSAGE_STATUSES)[number];

export const assistantMessageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  role: z.enum(['user', 'assistant']),
  /** Markdown-ish text: **negrito**, listas com "- ", links [texto](/caminho). */
  content: z.string(),
  sources: z.array(assistantSourceSchema),
  action: assistantActionSchema.nullable(),
  status: z.enum(ASSISTANT_MESSAGE_STATUSES),
  /** Answered from the data without a language model. */
  offline: z.boolean(),
  created_at: z.string(),
});
export type AssistantMessage = z.infer<typeof assistantMessageSchema>;

export const assistantConversationSchema = z.object({
  id: z.number().int(),
  titulo: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AssistantConversation = z.infer<typeof assistantConversationSchema>;
export const assistantConversationListResponse = z.array(assistantConversationSchema);

/** GET /api/ai/conversations/{id}: the conversation and its messages, oldest first. */
export const assistantConversationDetail = z.object({
  conversation: assistantConversationSchema,
  messages: z.array(assistantMessageSchema),
});
export type AssistantConversationDetail = z.infer<typeof assistantConversationDetail>;

/** GET /api/ai/status: online (a provider is configured) or offline, and questions to try. */
export const assistantStatusSchema = z.object({
  mode: z.enum(['online', 'offline']),
  model: z.string().nullable(),
  examples: z.array(z.string()),
  /** What offline mode understands (shown on the empty conversation). */
  offline_topics: z.array(z.string()),
});
export type AssistantStatus = z.infer<typeof assistantStatusSchema>;

const titulo = z
  .string({ error: 'Informe o nome da conversa.' })
  .trim()
  .min(1, 'Informe o nome da conversa.')
  .max(100, 'Nome com no máximo 100 caracteres.');

/** POST /api/ai/conversations. */
export const assistantConversationCreateBody = z.object({ titulo: titulo.optional() });
/** PATCH /api/ai/conversations/{id}: rename. */
export const assistantConversationRenameBody = z.object({ titulo });

/**
 * POST /api/ai/chat: asks a question. Without conversation_id a new conversation starts.
 * Answers a stream of NDJSON lines (AssistantStreamEvent), or a JSON error before it starts.
 */
export const assistantChatBody = z.object({
  conversation_id: positiveId.optional(),
  content: z
    .string({ error: 'Escreva a pergunta.' })
    .trim()
    .min(1, 'Escreva a pergunta.')
    .max(ASSISTANT_MESSAGE_MAX, `Pergunta com no máximo ${ASSISTANT_MESSAGE_MAX} caracteres.`),
});
export type AssistantChatBody = z.input<typeof assistantChatBody>;

/** Content type of the answer stream of POST /api/ai/chat. */
export const ASSISTANT_STREAM_TYPE = 'application/x-ndjson';

/** One line of the answer stream. */
export type AssistantStreamEvent =
  | { type: 'start'; conversation: AssistantConversation; user_message: AssistantMessage }
  /** A piece of the answer text, in order. */
  | { type: 'delta'; text: string }
  /** What the assistant is doing now ("Consultando demandas..."). */
  | { type: 'status'; text: string }
  /** The stored answer (also when it is a Portuguese error message). */
  | { type: 'done'; conversation: AssistantConversation; message: AssistantMessage };

/** POST /api/ai/messages/{id}/action: confirm or cancel a proposed action. */
export const assistantActionBody = z.object({
  decision: z.enum(['confirmar', 'cancelar'], { error: 'Decisão inválida.' }),
});
export type AssistantActionBody = z.input<typeof assistantActionBody>;
export const assistantActionResponse = z.object({
  /** The message that proposed the action, with its new status. */
  message: assistantMessageSchema,
  /** The assistant's note about what was done (null when cancelled). */
  result: assistantMessageSchema.nullable(),
});
export type AssistantActionResponse = z.infer<typeof assistantActionResponse>;

/** Title of a conversation from its first question: one line, at most 60 characters. */
export function conversationTitleFrom(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  if (line.length <= 60) return line || ASSISTANT_NEW_TITLE;
  const cut = line.slice(0, 59);
  const space = cut.lastIndexOf(' ');
  return `${(space > 30 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}
