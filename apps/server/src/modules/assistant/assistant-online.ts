import {
  formatDateBr,
  ROLE_LABELS,
  todayIn,
  type AssistantMessageStatus,
  type AssistantSource,
} from '@eproto/domain';
import type { FastifyBaseLogger } from 'fastify';
import { ZodError } from 'zod';
import type { StoredAssistantAction } from './assistant.repo.ts';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { createAssistantActions, type ActingUser } from './assistant-actions.ts';
import type { AssistantServices } from './assistant-services.ts';
import {
  ProviderError,
  streamCompletion,
  type ProviderConfig,
  type ProviderMessage,
  type ProviderToolCall,
} from './assistant-provider.ts';
import { createAssistantTools, isActionTool, TOOL_SPECS, TOOL_STATUS } from './assistant-tools.ts';

/** Rounds of tool calls one answer may take before it must answer. */
const MAX_ROUNDS = 6;
/** Longest tool result handed back to the model, in characters. */
const MAX_TOOL_RESULT = 24_000;

export interface TurnIO {
  emit: (e: { type: 'delta'; text: string } | { type: 'status'; text: string }) => void;
  signal: AbortSignal;
}

export interface TurnResult {
  content: string;
  sources: AssistantSource[];
  action: StoredAssistantAction | null;
  status: AssistantMessageStatus;
}

function systemPrompt(u: ActingUser, today: string, timeZone: string): string {
  const weekday = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${today}T12:00:00Z`),
  );
  return [
    'Você é o assistente do E-Proto, o sistema interno de demandas, tarefas e operações de campo de uma empresa brasileira de serviços.',
    'Responda sempre em português do Brasil, curto e direto, com markdown simples: **negrito**, listas com "- " e links [texto](/caminho).',
    `Hoje é ${weekday}, ${formatDateBr(today)} (fuso ${timeZone}). Você fala com ${u.nome}, perfil ${ROLE_LABELS[u.type]}.`,
    'Use as ferramentas para consultar os dados e nunca invente demandas, tarefas, datas, pessoas ou números. As ferramentas já aplicam as permissões do usuário: se não retornarem nada, diga que não encontrou.',
    'Cite os itens que usar como links markdown com o campo "link" que as ferramentas devolvem, por exemplo [#12 Troca do quadro](/eproto/murals/12).',
    'Para criar uma tarefa ou enviar uma mensagem numa demanda use criar_tarefa ou adicionar_mensagem: elas só PROPÕEM a ação, que o usuário confirma num cartão na tela. Depois de propor, diga em uma frase o que será feito e peça a confirmação; nunca diga que já foi feito.',
    'Nos argumentos use datas AAAA-MM-DD; nas respostas, dd/mm/aaaa.',
  ].join('\n');
}

/** The online assistant: a chat-completions model calling the tools, as the user. */
export function createOnlineAssistant(
  deps: ServiceDeps,
  cfg: ProviderConfig,
  log: FastifyBaseLogger,
  services: AssistantServices,
) {
  const tools = createAssistantTools(deps, services);
  const actions = createAssistantActions(deps, services);

  return {
    async run(
      u: ActingUser,
      history: ProviderMessage[],
      question: string,
      io: TurnIO,
    ): Promise<TurnResult> {
      const today = todayIn(deps.config.COMPANY_TIME_ZONE);
      const messages: ProviderMessage[] = [
        { role: 'system', content: systemPrompt(u, today, deps.config.COMPANY_TIME_ZONE) },
        ...history,
        { role: 'user', content: question },
      ];
      const sources = new Map<string, AssistantSource>();
      let action: StoredAssistantAction | null = null;
      let content = '';
      const say = (text: string) => {
        content += text;
        io.emit({ type: 'delta', text });
      };

      async function call(c: ProviderToolCall): Promise<unknown> {
        const name = c.function.name;
        let args: unknown;
        try {
          args = c.function.arguments.trim() ? JSON.parse(c.function.arguments) : {};
        } catch {
          return { erro: 'Argumentos inválidos (JSON malformado).' };
        }
        if (isActionTool(name)) {
          if (action) return { erro: 'Só é possível propor uma ação por resposta.' };
          const prepared = await actions.prepare(u, name, args);
          if (!prepared.ok) return { erro: prepared.erro };
          action = prepared.action;
          return {
            situacao: 'aguardando_confirmacao',
            resumo: action.resumo,
            instrucao:
              'O usuário verá um cartão com Confirmar e Cancelar. Não diga que já foi feito.',
          };
        }
        try {
          const out = await tools.run(u, name, args);
          for (const s of out.sources) sources.set(s.href, s);
          return out.data;
        } catch (err) {
          if (err instanceof ZodError)
            return { erro: 'Argumentos inválidos para esta ferramenta.' };
          if (err instanceof AppError) return { erro: err.message };
          throw err;
        }
      }

      let status: AssistantMessageStatus = 'ok';
      try {
        for (let round = 0; round < MAX_ROUNDS; round += 1) {
          let calls: ProviderToolCall[] | null = null;
          let text = '';
          const stream = streamCompletion(cfg, { messages, tools: TOOL_SPECS }, io.signal);
          for await (const ev of stream) {
            if (ev.type === 'text') {
              text += ev.text;
              say(ev.text);
            } else calls = ev.calls;
          }
          if (!calls) break;
          messages.push({ role: 'assistant', content: text || null, tool_calls: calls });
          if (text && !content.endsWith('\n')) say('\n\n');
          for (const c of calls) {
            io.emit({
              type: 'status',
              text: TOOL_STATUS[c.function.name] ?? 'Consultando os dados…',
            });
            const result = JSON.stringify(await call(c)).slice(0, MAX_TOOL_RESULT);
            messages.push({ role: 'tool', tool_call_id: c.id, content: result });
          }
        }
      } catch (err) {
        if (io.signal.aborted) {
          status = 'interrompida';
        } else {
          status = 'erro';
          const message =
            err instanceof ProviderError
              ? err.message
              : 'Ocorreu um erro inesperado ao preparar a resposta. Tente novamente.';
          if (!(err instanceof ProviderError)) log.error({ err }, 'Falha no assistente');
          content = content.trim() ? `${content.trim()}\n\n${message}` : message;
        }
      }
      if (!content.trim() && status === 'ok') {
        content = action
          ? 'Confira os detalhes abaixo e confirme para eu executar.'
          : 'Não consegui montar uma resposta. Tente reformular a pergunta.';
        io.emit({ type: 'delta', text: content });
      }
      return { content: content.trim(), sources: [...sources.values()], action, status };
    },
  };
}
