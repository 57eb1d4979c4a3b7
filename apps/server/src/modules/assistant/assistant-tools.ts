import {
  ASSISTANT_ACTION_TOOLS,
  positiveId,
  STAGES,
  type AssistantActionTool,
  type AssistantSource,
} from '@eproto/domain';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import { EPI_LINK, FLEET_LINK, createFieldData, type AgendaDay } from './assistant-field-data.ts';
import type { AssistantServices } from './assistant-services.ts';
import { createWorkData, type DemandItem, type TaskItem } from './assistant-work-data.ts';

/** A tool as the chat-completions API describes it. */
export interface ToolSpec {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

const str = (description: string) => ({ type: 'string', description });
const filters = {
  texto: str('Palavras do título ou da descrição, ou o número da demanda/tarefa.'),
  contrato: str('Nome ou código do contrato.'),
  responsavel: str('Nome da pessoa responsável; use "eu" para o próprio usuário.'),
  etapa: { type: 'string', enum: [...STAGES], description: 'Etapa no kanban.' },
  atrasadas: { type: 'boolean', description: 'Somente as não concluídas com prazo vencido.' },
};
const fn = (name: string, description: string, properties: object, required: string[] = []) => ({
  type: 'function' as const,
  function: { name, description, parameters: { type: 'object', properties, required } },
});

/** Every tool offered to the model; the last two only propose (the user confirms). */
export const TOOL_SPECS: ToolSpec[] = [
  fn('buscar_demandas', 'Busca demandas visíveis ao usuário.', filters),
  fn('buscar_tarefas', 'Busca tarefas visíveis ao usuário.', filters),
  fn(
    'ver_demanda',
    'Uma demanda com suas tarefas e últimas mensagens.',
    {
      id: { type: 'integer', description: 'Número da demanda.' },
    },
    ['id'],
  ),
  fn(
    'minha_agenda',
    'Agenda de campo do usuário num dia, e as tarefas/demandas dele que vencem nesse dia.',
    {
      data: str('Dia no formato AAAA-MM-DD.'),
    },
    ['data'],
  ),
  fn(
    'alertas_epi_frota',
    'Alertas de EPI (CA, troca, estoque) e da frota (documentos, manutenção, estoque).',
    {
      area: { type: 'string', enum: ['epi', 'frota', 'todos'] },
    },
  ),
  fn('revisoes_pendentes', 'Tarefas aguardando revisão do usuário.', {
    contrato: str('Nome ou código do contrato (opcional).'),
  }),
  fn(
    'criar_tarefa',
    'PROPÕE criar uma tarefa numa demanda; só é executada depois que o usuário confirmar na tela.',
    {
      demanda_id: { type: 'integer', description: 'Número da demanda.' },
      titulo: str('Título da tarefa (mínimo 3 caracteres).'),
      responsavel: str('Nome de quem fará a tarefa (opcional).'),
      prazo: str('Prazo no formato AAAA-MM-DD (opcional).'),
      descricao: str('Descrição (opcional).'),
    },
    ['demanda_id', 'titulo'],
  ),
  fn(
    'adicionar_mensagem',
    'PROPÕE enviar uma mensagem numa demanda; só é enviada depois que o usuário confirmar na tela.',
    { demanda_id: { type: 'integer' }, texto: str('Texto da mensagem.') },
    ['demanda_id', 'texto'],
  ),
];

/** What a read tool gives back: compact data for the model and the linked items it used. */
export interface ToolOutcome {
  data: unknown;
  sources: AssistantSource[];
}

/** Status line shown while a tool runs. */
export const TOOL_STATUS: Record<string, string> = {
  buscar_demandas: 'Consultando demandas…',
  buscar_tarefas: 'Consultando tarefas…',
  ver_demanda: 'Abrindo a demanda…',
  minha_agenda: 'Consultando a agenda…',
  alertas_epi_frota: 'Consultando alertas de EPI e frota…',
  revisoes_pendentes: 'Consultando revisões pendentes…',
  criar_tarefa: 'Preparando a tarefa para você confirmar…',
  adicionar_mensagem: 'Preparando a mensagem para você confirmar…',
};

export const isActionTool = (name: string): name is AssistantActionTool =>
  (ASSISTANT_ACTION_TOOLS as readonly string[]).includes(name);

const demandSource = (d: DemandItem): AssistantSource => ({
  kind: 'demanda',
  id: d.id,
  label: `#${d.id} ${d.titulo}`,
  href: d.link,
});
const taskSource = (t: Pick<TaskItem, 'id' | 'titulo' | 'link'>): AssistantSource => ({
  kind: 'tarefa',
  id: t.id,
  label: `#${t.id} ${t.titulo}`,
  href: t.link,
});

/** Linked items of an agenda day. */
export function agendaSources(day: AgendaDay): AssistantSource[] {
  return [
    ...day.agendamentos.map((e): AssistantSource => ({
      kind: 'agenda',
      id: e.id,
      label: `${day.data} ${e.inicio} · ${e.local}`,
      href: e.link,
    })),
    ...day.tarefas.map(taskSource),
    ...day.demandas.map(demandSource),
  ];
}

const listArgs = z.object({
  texto: z.string().nullish(),
  contrato: z.string().nullish(),
  responsavel: z.string().nullish(),
  etapa: z.string().nullish(),
  atrasadas: z.preprocess((v) => v === true || v === 'true', z.boolean()).optional(),
});

/** Runs the read tools as the user, through the same services as the API. */
export function createAssistantTools(deps: ServiceDeps, services: AssistantServices) {
  const work = createWorkData(deps, services);
  const field = createFieldData(deps, work, services);

  async function run(u: ScopeUser, name: string, raw: unknown): Promise<ToolOutcome> {
    switch (name) {
      case 'buscar_demandas': {
        const r = await work.demands(u, listArgs.parse(raw ?? {}));
        return { data: r, sources: r.items.map(demandSource) };
      }
      case 'buscar_tarefas': {
        const r = await work.tasks(u, listArgs.parse(raw ?? {}));
        return { data: r, sources: r.items.map(taskSource) };
      }
      case 'ver_demanda': {
        const { id } = z.object({ id: positiveId }).parse(raw);
        const d = await work.demand(u, id);
        if (!d) return { data: { aviso: `Demanda #${id} não encontrada.` }, sources: [] };
        return { data: d, sources: [demandSource(d), ...d.tarefas.map(taskSource)] };
      }
      case 'minha_agenda': {
        const { data } = z.object({ data: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }).parse(raw);
        const day = await field.agendaDay(u, data);
        return { data: day, sources: agendaSources(day) };
      }
      case 'alertas_epi_frota': {
        const { area } = z
          .object({ area: z.enum(['epi', 'frota', 'todos']).catch('todos') })
          .parse(raw ?? {});
        const r = await field.alerts(u, area);
        const areas = new Set(r.items.map((i) => i.area));
        const sources: AssistantSource[] = [];
        if (areas.has('epi')) {
          sources.push({ kind: 'epi', id: null, label: 'Alertas de EPI', href: EPI_LINK });
        }
        if (areas.has('frota')) {
          sources.push({ kind: 'frota', id: null, label: 'Alertas da frota', href: FLEET_LINK });
        }
        return { data: r, sources };
      }
      case 'revisoes_pendentes': {
        const { contrato } = z.object({ contrato: z.string().nullish() }).parse(raw ?? {});
        const r = await field.reviews(u, contrato ?? null);
        return {
          data: r,
          sources: r.items.map((i) => ({
            kind: 'revisao' as const,
            id: i.id,
            label: `#${i.id} ${i.titulo}`,
            href: i.link,
          })),
        };
      }
      default:
        return { data: { erro: `Ferramenta desconhecida: ${name}.` }, sources: [] };
    }
  }

  return { run, work, field };
}

export type AssistantTools = ReturnType<typeof createAssistantTools>;
