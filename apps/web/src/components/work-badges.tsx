import type { Priority, Stage } from '@eproto/domain';
import { PRIORITY_LABELS, STAGE_LABELS } from '@eproto/domain';
import type { BadgeProps } from '@mantine/core';
import { Badge } from '@mantine/core';

import { PRIORITY_COLORS, STAGE_COLORS } from '../lib/stage-colors.ts';

/** Stage of a demand or task. */
export function StageBadge({ stage, ...props }: { stage: Stage } & BadgeProps) {
  return (
    <Badge color={STAGE_COLORS[stage]} variant="light" {...props}>
      {STAGE_LABELS[stage]}
    </Badge>
  );
}

/** Priority of a demand or task (urgent ones filled). */
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

/** Past its planned end and not concluded. */
export function LateBadge(props: BadgeProps) {
  return (
    <Badge color="red" variant="light" {...props}>
      Atrasada
    </Badge>
  );
}
