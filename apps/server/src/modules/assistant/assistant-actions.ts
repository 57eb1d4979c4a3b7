import {
  foldText,
  formatDateBr,
  muralMessageBody,
  positiveId,
  protocolCreateBody,
  type AssistantActionTool,
  type AssistantSource,
} from '@eproto/domain';
import { z } from 'zod';
import type { StoredAssistantAction } from './assistant.repo.ts';
import type { ServiceDeps } from '../../deps.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import { muralPermissions } from '../murals/mural-permissions.ts';
import type { AssistantServices } from './assistant-services.ts';
import { demandLink, taskLink } from './assistant-work-data.ts';

/** The signed-in user as the write services need them. */
export type ActingUser = ScopeUser & { nome: string; avatarPath: string | null };

const createTaskArgs = z.object({
  demanda_id: positiveId,
  titulo: z.string(),
  responsavel: z.string().nullish(),
  prazo: z.string().nullish(),
  descricao: z.string().nullish(),
});
const messageArgs = z.object({
  demanda_id: positiveId,
  texto: z.string(),
});

export type Prepared = { ok: true; action: StoredAssistantAction } | { ok: false; erro: string };

const firstIssue = (e: z.ZodError) => e.issues[0]?.message ?? 'Dados inválidos.';

/**
 * Write tools: `prepare` checks everything the real call will check (as the user) and builds
 * the confirmation card; `execute` runs the same service the API runs, after the user confirmed.
 */
export function createAssistantActions(deps: ServiceDeps, services: AssistantServices) {
  const scope = deps.access.scope();
  const { protocols } = services;
  const messages = services.threads.murals.messages;

  async function visibleDemand(u: ScopeUser, id: number) {
    const access = await scope.muralAccess(u, id);
    return access ?? null;
  }

  async function prepareTask(u: ActingUser, raw: unknown): Promise<Prepared> {
    const a = createTaskArgs.safeParse(raw);
    if (!a.success) return { ok: false, erro: 'Informe a demanda (número) e o título da tarefa.' };
    const { demanda_id: id } = a.data;
    const access = await visibleDemand(u, id);
    if (!access) return { ok: false, erro: `Demanda #${id} não encontrada.` };
    if (!(access.manager || access.responsavelId === u.id || access.createdBy === u.id)) {
      return { ok: false, erro: `Você não tem permissão para criar tarefas na demanda #${id}.` };
    }
    let responsavel: { id: number; nome: string } | null = null;
    if (a.data.responsavel?.trim()) {
      const wanted = foldText(a.data.responsavel);
      const people = await messages.mentionables(u, id);
      const me = ['eu', 'mim', 'me'].includes(wanted) ? people.find((p) => p.id === u.id) : null;
      responsavel =
        me ??
        people.find((p) => foldText(p.nome) === wanted) ??
        people.find((p) => foldText(p.nome).startsWith(wanted)) ??
        people.find((p) => foldText(p.nome).includes(wanted)) ??
        null;
      if (!responsavel) {
        return {
          ok: false,
          erro: `Não encontrei "${a.data.responsavel}" entre as pessoas da demanda #${id}.`,
        };
      }
    }
    const body = protocolCreateBody.safeParse({
      mural_id: id,
      titulo: a.data.titulo,
      descricao: a.data.descricao?.trim() || null,
      responsavel_id: responsavel?.id ?? null,
      fim_previsto: a.data.prazo?.trim() || null,
    });
    if (!body.success) return { ok: false, erro: firstIssue(body.error) };
    const b = body.data;
    return {
      ok: true,
      action: {
        tool: 'criar_tarefa',
        args: {
          mural_id: id,
          titulo: b.titulo,
          descricao: b.descricao ?? null,
          responsavel_id: b.responsavel_id ?? null,
          fim_previsto: b.fim_previsto ?? null,
        },
        resumo: `Criar a tarefa "${b.titulo}" na demanda #${id}.`,
        detalhes: [
          { label: 'Demanda', value: `#${id} ${access.titulo}` },
          { label: 'Tarefa', value: b.titulo },
          { label: 'Responsável', value: responsavel?.nome ?? 'Sem responsável' },
          { label: 'Prazo', value: b.fim_previsto ? formatDateBr(b.fim_previsto) : 'Sem prazo' },
          ...(b.descricao ? [{ label: 'Descrição', value: b.descricao }] : []),
        ],
        status: 'pendente',
        resultado: null,
      },
    };
  }

  async function prepareMessage(u: ActingUser, raw: unknown): Promise<Prepared> {
    const a = messageArgs.safeParse(raw);
    if (!a.success) return { ok: false, erro: 'Informe a demanda (número) e o texto da mensagem.' };
    const id = a.data.demanda_id;
    const access = await visibleDemand(u, id);
    if (!access) return { ok: false, erro: `Demanda #${id} não encontrada.` };
    if (!muralPermissions(access, u.id).message) {
      return { ok: false, erro: `Você não tem permissão para escrever na demanda #${id}.` };
    }
    const body = muralMessageBody.safeParse({ texto: a.data.texto });
    if (!body.success) return { ok: false, erro: firstIssue(body.error) };
    return {
      ok: true,
      action: {
        tool: 'adicionar_mensagem',
        args: { mural_id: id, texto: body.data.texto },
        resumo: `Enviar uma mensagem na demanda #${id}.`,
        detalhes: [
          { label: 'Demanda', value: `#${id} ${access.titulo}` },
          { label: 'Mensagem', value: body.data.texto },
        ],
        status: 'pendente',
        resultado: null,
      },
    };
  }

  return {
    prepare(u: ActingUser, tool: AssistantActionTool, raw: unknown): Promise<Prepared> {
      return tool === 'criar_tarefa' ? prepareTask(u, raw) : prepareMessage(u, raw);
    },

    /** Runs a confirmed action as the user; service errors (403/404/400) propagate. */
    async execute(
      u: ActingUser,
      action: StoredAssistantAction,
    ): Promise<{ texto: string; sources: AssistantSource[] }> {
      if (action.tool === 'criar_tarefa') {
        const task = await protocols.create(u, protocolCreateBody.parse(action.args));
        return {
          texto: `Tarefa [#${task.id} ${task.titulo}](${taskLink(task.id)}) criada na demanda [#${task.mural_id} ${task.mural_titulo}](${demandLink(task.mural_id)}).`,
          sources: [
            {
              kind: 'tarefa',
              id: task.id,
              label: `#${task.id} ${task.titulo}`,
              href: taskLink(task.id),
            },
            {
              kind: 'demanda',
              id: task.mural_id,
              label: `#${task.mural_id} ${task.mural_titulo}`,
              href: demandLink(task.mural_id),
            },
          ],
        };
      }
      const args = z.object({ mural_id: z.number(), texto: z.string() }).parse(action.args);
      const access = await scope.assertMuralVisible(u, args.mural_id);
      await messages.post(u, args.mural_id, args.texto);
      return {
        texto: `Mensagem enviada na demanda [#${access.id} ${access.titulo}](${demandLink(access.id)}).`,
        sources: [
          {
            kind: 'demanda',
            id: access.id,
            label: `#${access.id} ${access.titulo}`,
            href: demandLink(access.id),
          },
        ],
      };
    },
  };
}

export type AssistantActions = ReturnType<typeof createAssistantActions>;
