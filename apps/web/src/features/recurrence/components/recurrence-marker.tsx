import { IconRepeat } from '@tabler/icons-react';

import { HintTooltip } from '../../../components/hint-tooltip.tsx';

/** Small icon on a kanban card or list row of a demand that belongs to a recurring series. */
export function RecurrenceMarker({ recurrenceId }: { recurrenceId: number | null }) {
  if (recurrenceId === null) return null;
  // The tooltip (Mantine's, with floating-ui) renders once the pointer or the focus reaches
  // the icon: a board of many cards paints plain icons (issue 33).
  return (
    <HintTooltip label="Demanda recorrente">
      <span
        role="img"
        aria-label="Demanda recorrente"
        style={{ display: 'inline-flex', color: 'var(--mantine-color-violet-5)' }}
      >
        <IconRepeat size={14} />
      </span>
    </HintTooltip>
  );
}
