import {
  ASSISTANT_NEW_TITLE,
  ASSISTANT_RATE_LIMIT_PER_MINUTE,
  conversationTitleFrom,
  muralSummaryQuery,
  OFFLINE_TOPICS,
  rolesFor,
  type AssistantConversation,
  type AssistantMessage,
  type AssistantStatus,
  type AssistantStreamEvent,
} from '@eproto/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { createAssistantActions, type ActingUser } from './assistant-actions.ts';
import { createOfflineAssistant } from './assistant-offline.ts';
import { createOnlineAssistant, type TurnResult } from './assistant-online.ts';
import type { AssistantServices } from './assistant-services.ts';
import type { ProviderMessage } from './assistant-provider.ts';
import {
  createAssistantRepo,
  type ConversationRow,
  type MessageRow,
  type StoredAssistantAction,
} from './assistant.repo.ts';

/** Messages of earlier turns handed to the model as context. */
const HISTORY = 16;

const conversationNotFound = () => new AppError('NOT_FOUND', 'Conversa não encontrada.');

export function toConversation(c: ConversationRow): AssistantConversation {
  return {
    id: c.id,
    titulo: c.titulo,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

/** The stored message as the API shows it (the action's arguments stay on the server). */
export function toMessage(m: MessageRow): AssistantMessage {
  const a = m.action;
  return {
    id: m.id,
    conversation_id: m.conversationId,
    role: m.role,
    content: m.content,
    sources: m.sources,
    action: a
      ? {
          tool: a.tool,
          resumo: a.resumo,
          detalhes: a.detalhes,
          status: a.status,
          resultado: a.resultado,
        }
      : null,
    status: m.status,
    offline: m.offline,
    created_at: m.createdAt.toISOString(),
  };
}

const ACTION_NOTE: Record<StoredAssistantAction['status'], string> = {
  pendente: 'aguardando confirmação',
  confirmada: 'confirmada e executada',
  cancelada: 'cancelada pelo usuário',
  falhou: 'falhou',
};

function historyOf(rows: MessageRow[]): ProviderMessage[] {
  return rows.map((m) =>
    m.role === 'user'
      ? { role: 'user', content: m.content }
      : {
          role: 'assistant',
          content: m.action
            ? `${m.content}\n\n[Ação proposta: ${m.action.resumo} — ${ACTION_NOTE[m.action.status]}${m.action.resultado ? `: ${m.action.resultado}` : ''}]`
            : m.content,
        },
  );
}

/** Conversations of one user with the assistant, the answer of each question, and actions. */
export function createAssistantService(
  deps: ServiceDeps,
  log: FastifyBaseLogger,
  services: AssistantServices,
) {
  const { db } = deps.database;
  const repo = createAssistantRepo(db);
  const cfg = deps.config;
  const online =
    cfg.AI_BASE_URL && cfg.AI_MODEL
      ? createOnlineAssistant(
          deps,
          {
            baseUrl: cfg.AI_BASE_URL,
            apiKey: cfg.AI_API_KEY,
            model: cfg.AI_MODEL,
            timeoutMs: cfg.AI_TIMEOUT_MS,
          },
          log,
          services,
        )
      : null;
  const offline = createOfflineAssistant(deps, services);
  const actions = createAssistantActions(deps, services);
  const lists = services.muralsList;

  async function owned(userId: number, id: number) {
    const c = await repo.conversation(userId, id);
    if (!c) throw conversationNotFound();
    return c;
  }

  return {
    async status(u: ActingUser): Promise<AssistantStatus> {
      const { items } = await lists.summary(
        u,
        muralSummaryQuery.parse({ perPage: 1, sort: '-updated_at' }),
      );
      const recent = items[0];
      const examples = [
        'Quais demandas estão atrasadas?',
        ...(recent?.contract_nome
          ? [`Quais demandas estão atrasadas no contrato ${recent.contract_nome}?`]
          : []),
        'O que tenho para hoje?',
        ...(rolesFor('/eproto/reviews').includes(u.type)
          ? ['Quais revisões estão pendentes?']
          : []),
        ...(rolesFor('/tatico/epi').includes(u.type) || rolesFor('/tatico/frota').includes(u.type)
          ? ['Há alertas de EPI ou da frota?']
          : []),
        ...(recent ? [`Resuma a demanda ${recent.id}`] : []),
      ];
      return {
        mode: online ? 'online' : 'offline',
        model: online ? (cfg.AI_MODEL ?? null) : null,
        examples,
        offline_topics: [...OFFLINE_TOPICS],
      };
    },

    async list(userId: number) {
      return (await repo.conversations(userId)).map(toConversation);
    },

    async get(userId: number, id: number) {
      const c = await owned(userId, id);
      return {
        conversation: toConversation(c),
        messages: (await repo.messages(id)).map(toMessage),
      };
    },

    async create(userId: number, titulo: string | undefined) {
      const c = await db.transaction((tx) =>
        createAssistantRepo(tx).createConversation(userId, titulo ?? ASSISTANT_NEW_TITLE),
      );
      return toConversation(c);
    },

    async rename(userId: number, id: number, titulo: string) {
      const c = await db.transaction((tx) =>
        createAssistantRepo(tx).updateConversation(userId, id, { titulo }),
      );
      if (!c) throw conversationNotFound();
      return toConversation(c);
    },

    async remove(userId: number, id: number) {
      const removed = await db.transaction((tx) =>
        createAssistantRepo(tx).deleteConversation(userId, id),
      );
      if (!removed) throw conversationNotFound();
    },

    /**
     * Accepts a question: checks the conversation is the user's and the per-user limit, then
     * stores it (a new conversation is named after it). Errors here answer as plain JSON.
     */
    async ask(userId: number, conversationId: number | undefined, content: string) {
      return db.transaction(async (tx) => {
        const r = createAssistantRepo(tx);
        await r.lockUser(userId);
        let c = conversationId ? await r.conversation(userId, conversationId) : undefined;
        if (conversationId && !c) throw conversationNotFound();
        const recent = await r.questionsLastMinute(userId);
        if (recent >= ASSISTANT_RATE_LIMIT_PER_MINUTE) {
          throw new AppError(
            'RATE_LIMITED',
            `Você enviou muitas perguntas em pouco tempo (limite de ${ASSISTANT_RATE_LIMIT_PER_MINUTE} por minuto). Aguarde um minuto e tente novamente.`,
          );
        }
        c ??= await r.createConversation(userId, conversationTitleFrom(content));
        if (c.titulo === ASSISTANT_NEW_TITLE) {
          c = (await r.updateConversation(userId, c.id, {
            titulo: conversationTitleFrom(content),
          }))!;
        }
        const question = await r.insertMessage({
          conversationId: c.id,
          userId,
          role: 'user',
          content,
        });
        return { conversation: c, question };
      });
    },

    /** Answers a stored question, streaming events; the answer is stored whatever happens. */
    async answer(
      u: ActingUser,
      asked: { conversation: ConversationRow; question: MessageRow },
      io: { emit: (e: AssistantStreamEvent) => void; signal: AbortSignal },
    ) {
      const { conversation, question } = asked;
      io.emit({
        type: 'start',
        conversation: toConversation(conversation),
        user_message: toMessage(question),
      });
      let result: TurnResult;
      if (online) {
        const earlier = (await repo.recent(conversation.id, HISTORY + 1)).filter(
          (m) => m.id !== question.id,
        );
        result = await online.run(u, historyOf(earlier.slice(-HISTORY)), question.content, io);
      } else {
        try {
          const a = await offline.answer(u, question.content);
          for (const piece of a.content.split(/(?<=\n)/)) io.emit({ type: 'delta', text: piece });
          result = { ...a, action: null, status: 'ok' };
        } catch (err) {
          log.error({ err }, 'Falha no assistente offline');
          const content = 'Não consegui consultar os dados agora. Tente novamente em instantes.';
          result = { content, sources: [], action: null, status: 'erro' };
        }
      }
      const message = await db.transaction((tx) =>
        createAssistantRepo(tx).insertMessage({
          conversationId: conversation.id,
          userId: u.id,
          role: 'assistant',
          content: result.content,
          sources: result.sources,
          action: result.status === 'ok' ? result.action : null,
          status: result.status,
          offline: !online,
        }),
      );
      const fresh = (await repo.conversation(u.id, conversation.id)) ?? conversation;
      io.emit({ type: 'done', conversation: toConversation(fresh), message: toMessage(message) });
    },

    /** Confirms (runs as the user) or cancels the action a message proposed; once only. */
    async decide(u: ActingUser, messageId: number, decision: 'confirmar' | 'cancelar') {
      const claimed = await db.transaction(async (tx) => {
        const r = createAssistantRepo(tx);
        const m = await r.lockMessage(u.id, messageId);
        if (!m?.action) throw new AppError('NOT_FOUND', 'Ação não encontrada.');
        if (m.action.status !== 'pendente') {
          throw new AppError('CONFLICT', 'Esta ação já foi confirmada ou cancelada.');
        }
        const status = decision === 'confirmar' ? 'confirmada' : 'cancelada';
        const resultado = decision === 'cancelar' ? 'Cancelada por você.' : null;
        return r.setAction(m.id, { ...m.action, status, resultado });
      });
      const action = claimed.action!;
      if (decision === 'cancelar') return { message: toMessage(claimed), result: null };
      let note: { content: string; sources: MessageRow['sources']; failed: boolean };
      try {
        const done = await actions.execute(u, action);
        note = { content: done.texto, sources: done.sources, failed: false };
      } catch (err) {
        if (!(err instanceof AppError)) log.error({ err }, 'Falha ao executar ação do assistente');
        const why = err instanceof AppError ? err.message : 'Erro inesperado.';
        note = { content: `Não foi possível concluir: ${why}`, sources: [], failed: true };
      }
      // The outcome and its message commit together.
      const { updated, result } = await db.transaction(async (tx) => {
        const r = createAssistantRepo(tx);
        const outcome = await r.setAction(claimed.id, {
          ...action,
          status: note.failed ? 'falhou' : 'confirmada',
          resultado: note.content,
        });
        const written = await r.insertMessage({
          conversationId: claimed.conversationId,
          userId: u.id,
          role: 'assistant',
          content: note.content,
          sources: note.sources,
          status: note.failed ? 'erro' : 'ok',
          offline: claimed.offline,
        });
        return { updated: outcome, result: written };
      });
      return { message: toMessage(updated), result: toMessage(result) };
    },
  };
}

export type AssistantService = ReturnType<typeof createAssistantService>;
