import type { Priority, Stage } from '@eproto/domain';
import { PRIORITY_LABELS, STAGE_LABELS } from '@eproto/domain';
import type { BadgeProps } from '@mantine/core';
import { Badge } from '@mantine/core';

import { PRIORITY_COLORS, STAGE_COLORS } from './stage-meta.ts';

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
