import type { DeliveryReason } from './epi-rules.ts';
import type { RequestStatus, RequestType, RequestUrgency } from './requests-rules.ts';
import type { Stage, Priority } from './stages.ts';

/**
 * Events a webhook may subscribe to (issue 35.3), with the label ti sees. The name is what
 * the receiver reads in `evento`; `WebhookEventData` below is each one's `dados`
 * (docs/operations.md, "Webhooks assinados"). No zod here: the labels reach the web alone.
 */
export const WEBHOOK_EVENTS = [
  'demanda.criada',
  'demanda.etapa_alterada',
  'tarefa.atribuida',
  'tarefa.concluida',
  'os.concluida',
  'os.recusada',
  'solicitacao.etapa',
  'epi.entregue',
  'revisao.aprovada',
  'revisao.reprovada',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * The names by key, for code that emits them (`WEBHOOK_EVENT.tarefaAtribuida`): no emit site
 * spells an event. Every event has exactly one key (checked below).
 */
export const WEBHOOK_EVENT = {
  demandaCriada: 'demanda.criada',
  demandaEtapaAlterada: 'demanda.etapa_alterada',
  tarefaAtribuida: 'tarefa.atribuida',
  tarefaConcluida: 'tarefa.concluida',
  osConcluida: 'os.concluida',
  osRecusada: 'os.recusada',
  solicitacaoEtapa: 'solicitacao.etapa',
  epiEntregue: 'epi.entregue',
  revisaoAprovada: 'revisao.aprovada',
  revisaoReprovada: 'revisao.reprovada',
} as const satisfies Record<string, WebhookEvent>;
// Fails to compile when an event of WEBHOOK_EVENTS has no key above.
true satisfies WebhookEvent extends (typeof WEBHOOK_EVENT)[keyof typeof WEBHOOK_EVENT]
  ? true
  : false;

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'demanda.criada': 'Demanda criada',
  'demanda.etapa_alterada': 'Etapa da demanda alterada',
  'tarefa.atribuida': 'Tarefa atribuída',
  'tarefa.concluida': 'Tarefa concluída',
  'os.concluida': 'OS concluída',
  'os.recusada': 'OS recusada pelo cliente',
  'solicitacao.etapa': 'Etapa de solicitação',
  'epi.entregue': 'EPI entregue',
  'revisao.aprovada': 'Revisão aprovada',
  'revisao.reprovada': 'Revisão reprovada',
};

/** The events by area, in the order the "Webhooks" form shows them; each event once. */
export const WEBHOOK_EVENT_GROUPS: ReadonlyArray<{
  area: string;
  eventos: readonly WebhookEvent[];
}> = [
  { area: 'Demandas', eventos: ['demanda.criada', 'demanda.etapa_alterada'] },
  { area: 'Tarefas', eventos: ['tarefa.atribuida', 'tarefa.concluida'] },
  { area: 'OS', eventos: ['os.concluida', 'os.recusada'] },
  { area: 'Solicitações', eventos: ['solicitacao.etapa'] },
  { area: 'EPI', eventos: ['epi.entregue'] },
  { area: 'Revisões', eventos: ['revisao.aprovada', 'revisao.reprovada'] },
];

/** A demand in `dados.demanda`. Dates are `AAAA-MM-DD` or null. */
export interface WebhookDemandData {
  id: number;
  titulo: string;
  etapa: Stage;
  prioridade: Priority;
  quadro_id: number;
  contrato_id: number | null;
  responsavel_id: number | null;
  inicio_previsto: string | null;
  fim_previsto: string | null;
  url: string;
}

/** A task in `dados.tarefa`. */
export interface WebhookTaskData {
  id: number;
  titulo: string;
  etapa: Stage;
  prioridade: Priority;
  demanda_id: number;
  responsavel_id: number | null;
  inicio_previsto: string | null;
  fim_previsto: string | null;
  fim_real: string | null;
  demanda_url: string;
}

/** A concluded OS in `dados.os`. */
export interface WebhookOsData {
  id: number;
  codigo: string;
  status: 'concluida';
  cliente: string | null;
  contrato: string | null;
  local: string | null;
  concluida_em: string;
  assinatura: 'assinada' | 'recusada';
  assinada_por: string | null;
  recusa_motivo: string | null;
  selo_sha256: string;
  relatorio_url: string;
  verificacao_url: string;
}

/** `dados` of each event: the one contract of what a receiver reads. */
export interface WebhookEventData {
  'demanda.criada': { demanda: WebhookDemandData };
  'demanda.etapa_alterada': { demanda: WebhookDemandData; etapa_anterior: Stage };
  'tarefa.atribuida': { tarefa: WebhookTaskData };
  'tarefa.concluida': { tarefa: WebhookTaskData };
  'os.concluida': { os: WebhookOsData };
  'os.recusada': { os: WebhookOsData };
  'solicitacao.etapa': {
    solicitacao: {
      id: number;
      tipo: RequestType;
      urgencia: RequestUrgency;
      contrato_id: number | null;
      status: RequestStatus;
      url: string;
    };
    /** null when the request was just opened. */
    etapa_anterior: RequestStatus | null;
    etapa: RequestStatus;
    comentario: string | null;
  };
  'epi.entregue': {
    entrega: {
      id: number;
      data: string;
      quantidade: number;
      motivo: DeliveryReason;
      item: { id: number; nome: string; ca_numero: string };
      colaborador: { id: number; nome: string };
      entregue_por_id: number;
      assinada: boolean;
      ficha_url: string;
    };
  };
  'revisao.aprovada': { tarefa: WebhookTaskData; revisao: WebhookReviewData };
  'revisao.reprovada': { tarefa: WebhookTaskData; revisao: WebhookReviewData };
}

/** The decision in `dados.revisao`. */
export interface WebhookReviewData {
  decisao: 'aprovado' | 'rejeitado';
  comentario: string | null;
  revisor_id: number;
}
