/** Kanban stages shared by demands and tasks (PRODUCT.md). */
export const STAGES = ['a_fazer', 'em_andamento', 'em_revisao', 'concluido'] as const;
export type Stage = (typeof STAGES)[number];

export const STAGE_LABELS: Record<Stage, string> = {
  a_fazer: 'A fazer',
  em_andamento: 'Em andamento',
  em_revisao: 'Em revisão',
  concluido: 'Concluído',
};

export const PRIORITIES = ['baixa', 'media', 'alta', 'urgente'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const PRIORITY_LABELS: Record<Priority, string> = {
  baixa: 'Baixa',
  media: 'Média',
  alta: 'Alta',
  urgente: 'Urgente',
};

/** A demand or task is late when it is not concluded and was due before today (YYYY-MM-DD). */
export function isLate(stage: string, fimPrevisto: string | null, today: string): boolean {
  return stage !== 'concluido' && fimPrevisto !== null && fimPrevisto < today;
}
