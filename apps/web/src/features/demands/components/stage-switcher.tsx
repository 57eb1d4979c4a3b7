import type { Stage } from '@eproto/domain';
import { STAGE_LABELS, STAGES } from '@eproto/domain';
import { useDroppable } from '@dnd-kit/core';
import { Text, UnstyledButton } from '@mantine/core';

import classes from './kanban.module.css';
import { STAGE_COLORS } from '../../../lib/stage-colors.ts';

/** Drop-target id of a stage button (columns use the bare stage as their id). */
export const TAB_PREFIX = 'tab:';

function StageButton({
  stage,
  count,
  active,
  onSelect,
}: {
  stage: Stage;
  count: number;
  active: boolean;
  onSelect: (stage: Stage) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `${TAB_PREFIX}${stage}` });
  return (
    <UnstyledButton
      ref={setNodeRef}
      role="tab"
      aria-selected={active}
      className={classes.stageButton}
      data-active={active || undefined}
      data-over={isOver || undefined}
      onClick={() => onSelect(stage)}
      style={{ ['--stage-color' as string]: `var(--mantine-color-${STAGE_COLORS[stage]}-6)` }}
    >
      <Text fw={700} size="md" lh={1.1}>
        {count}
      </Text>
      <Text size="11px" lh={1.2} c={active ? undefined : 'dimmed'} truncate="end">
        {STAGE_LABELS[stage]}
      </Text>
    </UnstyledButton>
  );
}

/**
 * Phone layout: one button per stage with its count; tapping shows that column, and a card
 * dragged (long press) onto a button moves there.
 */
export function StageSwitcher({
  value,
  counts,
  onChange,
}: {
  value: Stage;
  counts: Record<Stage, number>;
  onChange: (stage: Stage) => void;
}) {
  return (
    <div className={classes.stageSwitcher} role="tablist" aria-label="Etapa exibida">
      {STAGES.map((s) => (
        <StageButton key={s} stage={s} count={counts[s]} active={s === value} onSelect={onChange} />
      ))}
    </div>
  );
}
