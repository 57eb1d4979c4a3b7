import { Tooltip } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';

/** Small icon on a kanban card or list row of a demand that belongs to a recurring series. */
export function RecurrenceMarker({ recurrenceId }: { recurrenceId: number | null }) {
  if (recurrenceId === null) return null;
  return (
    <Tooltip label="Demanda recorrente">
      <span
        role="img"
        aria-label="Demanda recorrente"
        style={{ display: 'inline-flex', color: 'var(--mantine-color-violet-5)' }}
      >
        <IconRepeat size={14} />
      </span>
    </Tooltip>
  );
}
