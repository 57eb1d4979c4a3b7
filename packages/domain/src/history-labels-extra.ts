/**
 * History actions that the finance and recurrence areas write on demands (kept in a leaf file so
 * murals.ts can merge them into MURAL_HISTORY_LABELS without an import cycle).
 */
/** History actions of the finance flow, written on the demand. */
export const FINANCE_HISTORY_LABELS: Record<string, string> = {
  financeiro_enviado: 'Enviada ao financeiro',
  financeiro_visualizado: 'Visualizada pelo financeiro',
  financeiro_concluido: 'Concluída pelo financeiro',
};

/** History actions the recurrence area writes on demands. */
export const RECURRENCE_HISTORY_LABELS: Record<string, string> = {
  recorrencia_criada: 'Recorrência criada',
  recorrencia_avancada: 'Concluída e avançada',
  recorrencia_instancia: 'Criada pela recorrência',
  recorrencia_concluida: 'Recorrência encerrada',
  recorrencia_excluida: 'Recorrência excluída',
};
