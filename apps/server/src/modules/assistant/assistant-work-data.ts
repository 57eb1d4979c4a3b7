import {
  formatDateBr,
  muralSummaryQuery,
  PRIORITY_LABELS,
  protocolListQuery,
  STAGE_LABELS,
  type MuralSummary,
  type ProtocolSummary,
  type Stage,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import { createAssistantLookup, stageFrom } from './assistant-lookup.ts';
import type { AssistantServices } from './assistant-services.ts';

/** Most items one answer lists (the total is always told). */
export const LIST_LIMIT = 15;

export interface DemandItem {
  id: number;
  titulo: string;
  contrato: string | null;
  responsavel: string | null;
  etapa: string;
  prazo: string | null;
  atrasada: boolean;
  link: string;
}

export interface TaskItem {
  id: number;
  titulo: string;
  demanda: { id: number; titulo: string };
  responsavel: string | null;
  etapa: string;
  prazo: string | null;
  atrasada: boolean;
  link: string;
}

/** A list answer: the items shown, how many there are, and a note when a name was not found. */
export interface ListResult<T> {
  total: number;
  items: T[];
  aviso: string | null;
  contrato: string | null;
}

export interface WorkFilters {
  texto?: string | null;
  contrato?: string | null;
  responsavel?: string | null;
  etapa?: string | null;
  atrasadas?: boolean | null;
  /** Due exactly on this day (YYYY-MM-DD). */
  prazo_em?: string | null;
}

const date = (d: string | null) => (d ? formatDateBr(d) : null);

export const demandLink = (id: number) => `/eproto/murals/${id}`;
export const taskLink = (id: number) => `/eproto/protocols/${id}`;

export function toDemandItem(m: MuralSummary): DemandItem {
  return {
    id: m.id,
    titulo: m.titulo,
    contrato: m.contract_nome,
    responsavel: m.responsavel_nome,
    etapa: STAGE_LABELS[m.stage],
    prazo: date(m.fim_previsto),
    atrasada: m.atrasada,
    link: demandLink(m.id),
  };
}

export function toTaskItem(t: ProtocolSummary): TaskItem {
  return {
    id: t.id,
    titulo: t.titulo,
    demanda: { id: t.mural_id, titulo: t.mural_titulo },
    responsavel: t.responsavel_nome,
    etapa: STAGE_LABELS[t.stage],
    prazo: date(t.fim_previsto),
    atrasada: t.atrasada,
    link: taskLink(t.id),
  };
}

const OPEN_STAGES: Stage[] = ['a_fazer', 'em_andamento', 'em_revisao'];

/** Demands and tasks exactly as the lists of the app show them to the user. */
export function createWorkData(deps: ServiceDeps, services: AssistantServices) {
  const lookup = createAssistantLookup(deps.database.db);
  const { muralsList: lists, protocols, murals, muralTasks } = services;
  const messages = services.threads.murals.messages;

  /** Contract and person names turned into ids the user may use, or a note why not. */
  async function resolve(u: ScopeUser, f: WorkFilters) {
    let contractId: number | undefined;
    let contractName: string | null = null;
    let responsavelId: number | undefined;
    if (f.contrato) {
      const [c] = await lookup.contracts(u, f.contrato);
      if (!c)
        return { aviso: `Não encontrei um contrato visível para você com o nome "${f.contrato}".` };
      contractId = c.id;
      contractName = `${c.nome} (${c.codigo})`;
    }
    if (f.responsavel) {
      const [p] = await lookup.people(u, f.responsavel);
      if (!p) return { aviso: `Não encontrei ninguém chamado "${f.responsavel}".` };
      responsavelId = p.id;
    }
    const stage = stageFrom(f.etapa);
    const stages = stage ? [stage] : f.prazo_em ? OPEN_STAGES : undefined;
    return { contractId, contractName, responsavelId, stages, aviso: null };
  }

  const empty = <T>(aviso: string): ListResult<T> => ({
    total: 0,
    items: [],
    aviso,
    contrato: null,
  });

  return {
    async demands(u: ScopeUser, f: WorkFilters): Promise<ListResult<DemandItem>> {
      const r = await resolve(u, f);
      if (r.aviso !== null) return empty(r.aviso);
      const q = muralSummaryQuery.parse({
        page: 1,
        perPage: f.prazo_em ? 200 : LIST_LIMIT,
        contract_id: r.contractId,
        responsavel_id: r.responsavelId,
        stage: r.stages,
        prazo: f.atrasadas ? 'atrasadas' : undefined,
        q: f.texto?.trim().slice(0, 100) || undefined,
        sort: 'fim_previsto',
      });
      const { items, total } = await lists.summary(u, q);
      const kept = f.prazo_em ? items.filter((m) => m.fim_previsto === f.prazo_em) : items;
      return {
        total: f.prazo_em ? kept.length : total,
        items: kept.slice(0, LIST_LIMIT).map(toDemandItem),
        aviso: null,
        contrato: r.contractName,
      };
    },

    async tasks(u: ScopeUser, f: WorkFilters): Promise<ListResult<TaskItem>> {
      const r = await resolve(u, f);
      if (r.aviso !== null) return empty(r.aviso);
      const q = protocolListQuery.parse({
        page: 1,
        perPage: f.prazo_em ? 200 : LIST_LIMIT,
        contract_id: r.contractId,
        responsavel_id: r.responsavelId,
        stage: r.stages,
        late: f.atrasadas ? true : undefined,
        q: f.texto?.trim().slice(0, 100) || undefined,
        sort: 'fim_previsto',
      });
      const { items, total } = await protocols.list(u, q);
      const kept = f.prazo_em ? items.filter((t) => t.fim_previsto === f.prazo_em) : items;
      return {
        total: f.prazo_em ? kept.length : total,
        items: kept.slice(0, LIST_LIMIT).map(toTaskItem),
        aviso: null,
        contrato: r.contractName,
      };
    },

    /** One demand with its tasks and latest messages, or null when the user cannot see it. */
    async demand(u: ScopeUser, id: number) {
      try {
        const m = await murals.get(u, id);
        const [tasks, msgs] = await Promise.all([muralTasks.list(u, id), messages.list(u, id)]);
        return {
          ...toDemandItem(m),
          descricao: m.descricao,
          prioridade: PRIORITY_LABELS[m.prioridade],
          quadro: m.board_nome,
          inicio_previsto: date(m.inicio_previsto),
          tarefas: tasks.map((t) => ({
            id: t.id,
            titulo: t.titulo,
            responsavel: t.responsavel_nome,
            etapa: STAGE_LABELS[t.stage],
            prazo: date(t.fim_previsto),
            atrasada: t.atrasada,
            link: taskLink(t.id),
          })),
          ultimas_mensagens: msgs.slice(-3).map((x) => ({
            autor: x.author_nome,
            texto: x.texto.slice(0, 300),
            data: formatDateBr(x.created_at.slice(0, 10)),
          })),
        };
      } catch (err) {
        if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
        throw err;
      }
    },
  };
}

export type WorkData = ReturnType<typeof createWorkData>;
export type DemandDetail = NonNullable<Awaited<ReturnType<WorkData['demand']>>>;
