import type { Priority, ReviewStatus, Stage } from '@eproto/domain';
import { PRIORITY_LABELS, REVIEW_STATUS_LABELS, STAGE_LABELS } from '@eproto/domain';
import type { BadgeProps } from '@mantine/core';
import { Badge } from '@mantine/core';

/** Mantine colour of each stage (badges and kanban column headers). */
export const STAGE_COLORS: Record<Stage, string> = {
  a_fazer: 'gray',
  em_andamento: 'blue',
  em_revisao: 'yellow',
  concluido: 'teal',
};

const PRIORITY_COLORS: Record<Priority, string> = {
  baixa: 'gray',
  media: 'cyan',
  alta: 'orange',
  urgente: 'red',
};

const REVIEW_COLORS: Record<ReviewStatus, string> = {
  pendente: 'yellow',
  aprovado: 'teal',
  rejeitado: 'red',
};

export function StageBadge({ stage, ...props }: { stage: Stage } & BadgeProps) {
  return (
    <Badge color={STAGE_COLORS[stage]} variant="light" {...props}>
      {STAGE_LABELS[stage]}
    </Badge>
  );
}

export function PriorityBadge({ prioridade, ...props }: { prioridade: Priority } & BadgeProps) {
  return (
    <Badge
      color={PRIORITY_COLORS[prioridade]}
      variant={prioridade === 'urgente' ? 'filled' : 'light'}
      {...props}
    >
      {PRIORITY_LABELS[prioridade]}
    </Badge>
  );
}

export function LateBadge(props: BadgeProps) {
  return (
    <Badge color="red" variant="light" {...props}>
      Atrasada
    </Badge>
  );
}

export function ReviewBadge({ status, ...props }: { status: ReviewStatus } & BadgeProps) {
  return (
    <Badge color={REVIEW_COLORS[status]} variant="dot" {...props}>
      Revisão {REVIEW_STATUS_LABELS[status].toLowerCase()}
    </Badge>
  );
}
