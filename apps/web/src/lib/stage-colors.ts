import type { Priority, Stage } from '@eproto/domain';

/** Mantine colour of each stage (badges, column headers, progress bars). */
export const STAGE_COLORS: Record<Stage, string> = {
  a_fazer: 'gray',
  em_andamento: 'blue',
  em_revisao: 'yellow',
  concluido: 'teal',
};

/** Mantine colour of each priority. */
export const PRIORITY_COLORS: Record<Priority, string> = {
  baixa: 'gray',
  media: 'cyan',
  alta: 'orange',
  urgente: 'red',
};
