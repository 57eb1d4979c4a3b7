import {
  countOf,
  formatDateBr,
  foldText,
  matchAssistantIntent,
  OFFLINE_TOPICS,
  rolesFor,
  todayIn,
  type AssistantIntent,
  type AssistantSource,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import type { AlertItem, ReviewEntry } from './assistant-field-data.ts';
import type { AssistantServices } from './assistant-services.ts';
import { agendaSources, createAssistantTools } from './assistant-tools.ts';
import type { DemandDetail, DemandItem, ListResult, TaskItem } from './assistant-work-data.ts';

export interface OfflineAnswer {
  content: string;
  sources: AssistantSource[];
}

const link = (id: number, titulo: string, href: string) => `[#${id} ${titulo}](${href})`;
/** "…e mais N", with a link to the full list when the user has that screen. */
const extra = (shown: number, total: number, list?: { label: string; href: string } | null) =>
  total > shown
    ? `\n\n…e mais ${total - shown}.${list ? ` Veja todas em [${list.label}](${list.href}).` : ''}`
    : '';

function workLine(i: DemandItem | TaskItem): string {
  const parts = [
    i.prazo ? `prazo ${i.prazo}` : 'sem prazo',
    i.etapa,
    i.responsavel ?? 'sem responsável',
  ];
  const of = 'demanda' in i ? ` (demanda #${i.demanda.id})` : '';
  return `- ${link(i.id, i.titulo, i.link)}${of} — ${parts.join(' · ')}`;
}

function dayName(day: string, today: string): string {
  const diff = Math.round((Date.parse(day) - Date.parse(today)) / 86_400_000);
  const names: Record<number, string> = { 0: 'hoje', 1: 'amanhã', [-1]: 'ontem' };
  if (names[diff]) return `${formatDateBr(day)} (${names[diff]})`;
  const weekday = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
  return `${weekday}, ${formatDateBr(day)}`;
}

export function offlineHelp(prefix = ''): string {
  return [
    `${prefix}Estou em **modo offline**: nenhum provedor de IA está configurado, então respondo direto dos dados, sem um modelo de linguagem. Sei responder:`,
    ...OFFLINE_TOPICS.map((t) => `- ${t}`),
    '',
    'Experimente: "quais demandas estão atrasadas?", "o que tenho para hoje?" ou "resuma a demanda 123".',
  ].join('\n');
}

/** Offline mode only reads: creating or changing anything goes through the AI provider's tools. */
export function offlineActionRefusal(): string {
  return [
    'Criar, alterar ou enviar algo pelo assistente (como "crie uma tarefa para João amanhã") precisa do **provedor de IA**, e nenhum está configurado: no **modo offline** eu só consulto os dados.',
    'Faça isso pelas telas do E-Proto (a tarefa, na página da demanda) ou peça à TI para configurar o provedor de IA.',
    '',
    'No modo offline, sei responder:',
    ...OFFLINE_TOPICS.map((t) => `- ${t}`),
  ].join('\n');
}

function alertsText(items: AlertItem[], total: number): string {
  if (total === 0) return 'Nenhum alerta de EPI ou da frota no momento.';
  const lines = items.map(
    (a) =>
      `- ${a.gravidade === 'vencido' ? '**Vencido:**' : 'Próximo:'} ${a.texto} ([${a.area === 'epi' ? 'EPI' : 'Frota'}](${a.link}))`,
  );
  return (
    [`**${countOf(total, 'alerta', 'alertas')}:**`, ...lines].join('\n') +
    extra(items.length, total)
  );
}

function reviewLine(r: ReviewEntry): string {
  return `- ${link(r.id, r.titulo, r.link)} — demanda #${r.demanda.id} ${r.demanda.titulo} · ${r.responsavel ?? 'sem responsável'} · desde ${r.desde}`;
}

function summary(d: DemandDetail): string {
  const late = d.tarefas.filter((t) => t.atrasada).length;
  const lines = [
    `**${link(d.id, d.titulo, d.link)}**`,
    `- Etapa: ${d.etapa} · Prioridade: ${d.prioridade}`,
    `- Contrato: ${d.contrato ?? 'sem contrato'} · Quadro: ${d.quadro}`,
    `- Responsável: ${d.responsavel ?? 'sem responsável'}`,
    `- Prazo: ${d.prazo ?? 'sem prazo'}${d.atrasada ? ' (**atrasada**)' : ''}`,
  ];
  if (d.descricao)
    lines.push('', d.descricao.length > 400 ? `${d.descricao.slice(0, 400)}…` : d.descricao);
  lines.push(
    '',
    d.tarefas.length
      ? `**Tarefas (${d.tarefas.length}${late ? `, ${late} atrasada${late > 1 ? 's' : ''}` : ''}):**`
      : 'Nenhuma tarefa cadastrada.',
    ...d.tarefas
      .slice(0, 15)
      .map(
        (t) =>
          `- ${link(t.id, t.titulo, t.link)} — ${t.etapa} · ${t.responsavel ?? 'sem responsável'} · ${t.prazo ? `prazo ${t.prazo}` : 'sem prazo'}${t.atrasada ? ' (**atrasada**)' : ''}`,
      ),
  );
  if (d.ultimas_mensagens.length) {
    lines.push(
      '',
      '**Últimas mensagens:**',
      ...d.ultimas_mensagens.map((m) => `- ${m.autor ?? 'Alguém'} (${m.data}): ${m.texto}`),
    );
  }
  return lines.join('\n');
}

/** Offline mode: answers the common questions from the data, with the user's permissions. */
export function createOfflineAssistant(deps: ServiceDeps, services: AssistantServices) {
  const { work, field } = createAssistantTools(deps, services);
  const demandSources = (items: DemandItem[]): AssistantSource[] =>
    items.map((d) => ({ kind: 'demanda', id: d.id, label: `#${d.id} ${d.titulo}`, href: d.link }));
  const taskSources = (items: TaskItem[]): AssistantSource[] =>
    items.map((t) => ({ kind: 'tarefa', id: t.id, label: `#${t.id} ${t.titulo}`, href: t.link }));

  async function late(u: ScopeUser, i: Extract<AssistantIntent, { kind: 'atrasadas' }>) {
    const none: ListResult<never> = { total: 0, items: [], aviso: null, contrato: null };
    const [demands, tasks] = await Promise.all([
      i.alvo === 'tarefas' ? none : work.demands(u, { atrasadas: true, contrato: i.contrato }),
      i.alvo === 'demandas' ? none : work.tasks(u, { atrasadas: true, contrato: i.contrato }),
    ]);
    const aviso = demands.aviso ?? tasks.aviso;
    if (aviso) return { content: aviso, sources: [] };
    const where =
      (demands.contrato ?? tasks.contrato)
        ? ` no contrato ${demands.contrato ?? tasks.contrato}`
        : '';
    const parts: string[] = [];
    if (i.alvo !== 'tarefas') {
      parts.push(
        demands.total
          ? [
              `**${countOf(demands.total, 'demanda atrasada', 'demandas atrasadas')}**${where}:`,
              ...demands.items.map(workLine),
            ].join('\n') +
              extra(demands.items.length, demands.total, {
                label: 'Demandas',
                href: '/eproto/murals',
              })
          : `Nenhuma demanda atrasada${where}.`,
      );
    }
    if (i.alvo !== 'demandas') {
      parts.push(
        tasks.total
          ? [
              `**${countOf(tasks.total, 'tarefa atrasada', 'tarefas atrasadas')}**${where}:`,
              ...tasks.items.map(workLine),
            ].join('\n') +
              extra(
                tasks.items.length,
                tasks.total,
                rolesFor('/eproto/protocols').includes(u.type)
                  ? { label: 'Tarefas', href: '/eproto/protocols' }
                  : null,
              )
          : `Nenhuma tarefa atrasada${where}.`,
      );
    }
    return {
      content: parts.join('\n\n'),
      sources: [...demandSources(demands.items), ...taskSources(tasks.items)],
    };
  }

  async function agenda(u: ScopeUser, dia: string, today: string): Promise<OfflineAnswer> {
    const d = await field.agendaDay(u, dia);
    const when = dayName(dia, today);
    const blocks: string[] = [];
    if (d.agendamentos.length) {
      blocks.push(
        [
          `**Sua agenda em ${when}:**`,
          ...d.agendamentos.map(
            (e) =>
              `- ${e.inicio}–${e.fim} · [${e.local}](${e.link}) — ${e.contrato} · ${e.status}${e.veiculo ? ` · veículo ${e.veiculo}` : ''}${e.descricao ? `: ${e.descricao}` : ''}`,
          ),
        ].join('\n'),
      );
    }
    if (d.tarefas.length)
      blocks.push(
        [`**Suas tarefas com prazo em ${when}:**`, ...d.tarefas.map(workLine)].join('\n'),
      );
    if (d.demandas.length)
      blocks.push(
        [`**Suas demandas com prazo em ${when}:**`, ...d.demandas.map(workLine)].join('\n'),
      );
    if (!blocks.length) {
      blocks.push(
        d.sem_agenda
          ? `Você não tem tarefas nem demandas com prazo em ${when}.`
          : `Nada na sua agenda em ${when}, e nenhuma tarefa ou demanda sua vence nesse dia.`,
      );
    }
    return { content: blocks.join('\n\n'), sources: agendaSources(d) };
  }

  async function resume(u: ScopeUser, i: Extract<AssistantIntent, { kind: 'resumo' }>) {
    let id = i.id;
    if (id === null) {
      const found = await work.demands(u, { texto: i.nome });
      const exact = found.items.filter((d) => foldText(d.titulo) === foldText(i.nome ?? ''));
      const pick = exact.length === 1 ? exact : found.items;
      if (pick.length === 0)
        return { content: `Não encontrei nenhuma demanda com "${i.nome}".`, sources: [] };
      if (pick.length > 1) {
        return {
          content: [
            `Encontrei ${countOf(exact.length > 1 ? exact.length : found.total, 'demanda', 'demandas')} com "${i.nome}". Qual delas? Peça, por exemplo, "resuma a demanda ${pick[0]!.id}".`,
            ...pick.map(workLine),
          ].join('\n'),
          sources: demandSources(pick),
        };
      }
      id = pick[0]!.id;
    }
    const d = await work.demand(u, id);
    if (!d)
      return {
        content: `Não encontrei a demanda #${id}, ou você não tem acesso a ela.`,
        sources: [],
      };
    return {
      content: summary(d),
      sources: [
        { kind: 'demanda' as const, id: d.id, label: `#${d.id} ${d.titulo}`, href: d.link },
        ...d.tarefas.map((t) => ({
          kind: 'tarefa' as const,
          id: t.id,
          label: `#${t.id} ${t.titulo}`,
          href: t.link,
        })),
      ],
    };
  }

  return {
    async answer(u: ScopeUser, question: string): Promise<OfflineAnswer> {
      const today = todayIn(deps.config.COMPANY_TIME_ZONE);
      const intent = matchAssistantIntent(question, today);
      if (!intent) return { content: offlineHelp('Não entendi a pergunta. '), sources: [] };
      switch (intent.kind) {
        case 'atrasadas':
          return late(u, intent);
        case 'agenda':
          return agenda(u, intent.dia, today);
        case 'resumo':
          return resume(u, intent);
        case 'revisoes': {
          const r = await field.reviews(u, intent.contrato);
          if (!r.acesso)
            return {
              content: 'Seu perfil não revisa tarefas, então não há revisões pendentes para você.',
              sources: [],
            };
          if (r.aviso) return { content: r.aviso, sources: [] };
          const where = r.contrato ? ` no contrato ${r.contrato}` : '';
          const content = r.total
            ? [
                `**${countOf(r.total, 'revisão pendente', 'revisões pendentes')}**${where}:`,
                ...r.items.map(reviewLine),
              ].join('\n') +
              (r.total > r.items.length ? `\n\n…e mais ${r.total - r.items.length}.` : '') +
              '\n\nAprove ou rejeite em [Revisões](/eproto/reviews).'
            : `Nenhuma revisão pendente${where}.`;
          return {
            content,
            sources: r.items.map((x) => ({
              kind: 'revisao' as const,
              id: x.id,
              label: `#${x.id} ${x.titulo}`,
              href: x.link,
            })),
          };
        }
        case 'alertas': {
          const r = await field.alerts(u, intent.area);
          if (!r.acesso)
            return {
              content: 'Seu perfil não tem acesso aos alertas de EPI e da frota.',
              sources: [],
            };
          const sources: AssistantSource[] = [];
          for (const area of new Set(r.items.map((a) => a.area))) {
            sources.push(
              area === 'epi'
                ? { kind: 'epi', id: null, label: 'Alertas de EPI', href: '/tatico/epi' }
                : { kind: 'frota', id: null, label: 'Alertas da frota', href: '/tatico/frota' },
            );
          }
          return { content: alertsText(r.items, r.total), sources };
        }
        case 'acao':
          return { content: offlineActionRefusal(), sources: [] };
        case 'ajuda':
          return { content: offlineHelp(), sources: [] };
      }
    },
  };
}
