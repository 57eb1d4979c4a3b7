// Solicitação types, statuses, labels and moves, with no zod: Meus EPIs lists the technician's
// requests on a phone without downloading the schemas (requests.ts re-exports them).

export const REQUEST_TYPES = [
  'material',
  'epi',
  'veiculo',
  'manutencao',
  'reembolso',
  'outro',
] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];
export const REQUEST_TYPE_LABELS: Record<RequestType, string> = {
  material: 'Material',
  epi: 'EPI',
  veiculo: 'Veículo',
  manutencao: 'Manutenção',
  reembolso: 'Reembolso',
  outro: 'Outro',
};

export const REQUEST_URGENCIES = ['baixa', 'media', 'alta', 'urgente'] as const;
export type RequestUrgency = (typeof REQUEST_URGENCIES)[number];
export const REQUEST_URGENCY_LABELS: Record<RequestUrgency, string> = {
  baixa: 'Baixa',
  media: 'Média',
  alta: 'Alta',
  urgente: 'Urgente',
};

export const REQUEST_STATUSES = [
  'aberta',
  'em_analise',
  'aprovada',
  'recusada',
  'atendida',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  aberta: 'Aberta',
  em_analise: 'Em análise',
  aprovada: 'Aprovada',
  recusada: 'Recusada',
  atendida: 'Atendida',
};

/** Workflow: aberta -> em análise -> aprovada / recusada; aprovada -> atendida. */
export const REQUEST_TRANSITIONS: Record<RequestStatus, readonly RequestStatus[]> = {
  aberta: ['em_analise'],
  em_analise: ['aprovada', 'recusada'],
  aprovada: ['atendida'],
  recusada: [],
  atendida: [],
};

/** Button text of each step. */
export const REQUEST_ACTION_LABELS: Record<RequestStatus, string> = {
  aberta: 'Reabrir',
  em_analise: 'Iniciar análise',
  aprovada: 'Aprovar',
  recusada: 'Recusar',
  atendida: 'Marcar como atendida',
};

/** Past-tense verb used in notifications ("foi aprovada"). */
export const REQUEST_STATUS_VERBS: Record<RequestStatus, string> = {
  aberta: 'foi aberta',
  em_analise: 'está em análise',
  aprovada: 'foi aprovada',
  recusada: 'foi recusada',
  atendida: 'foi atendida',
};

/** Why a step may not be taken, or null when it may (a refusal always needs a comment). */
export function transitionRefusal(
  from: RequestStatus,
  to: RequestStatus,
  comentario: string | null | undefined,
): string | null {
  if (!REQUEST_TRANSITIONS[from].includes(to)) {
    const next = REQUEST_TRANSITIONS[from].map((s) => REQUEST_STATUS_LABELS[s]).join(' ou ');
    return next
      ? `Uma solicitação ${REQUEST_STATUS_LABELS[from].toLowerCase()} só pode passar para ${next.toLowerCase()}.`
      : `Uma solicitação ${REQUEST_STATUS_LABELS[from].toLowerCase()} não pode mais mudar de situação.`;
  }
  if (to === 'recusada' && !comentario?.trim()) return 'Informe o motivo da recusa no comentário.';
  return null;
}

/** Approving or refusing is a decision: nobody decides on their own request. */
export function isDecision(to: RequestStatus): boolean {
  return to === 'aprovada' || to === 'recusada';
}
