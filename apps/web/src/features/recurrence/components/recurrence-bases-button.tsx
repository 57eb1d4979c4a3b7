import { Badge, Button } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

import { useRecurrenceBases } from '../api/get-recurrence-bases.ts';

// The panel (Drawer, the series' rules described by the domain's recurrence module, and zod
// with it) loads at the first tap: the board paints with the button alone (issue 33).
const RecurrenceBasesDrawer = lazy(() =>
  import('./recurrence-bases.tsx').then((m) => ({ default: m.RecurrenceBasesDrawer })),
);

/** "Recorrentes" button for a board's toolbar, opening its series in a side panel. */
export function RecurrenceBasesButton({ boardId }: { boardId: number | null }) {
  const [opened, setOpened] = useState(false);
  // Mounted at the first opening, then kept for the panel's closing transition.
  const [used, setUsed] = useState(false);
  const bases = useRecurrenceBases(boardId);
  const active = bases.data?.filter((s) => s.status === 'ativa').length ?? 0;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconRepeat size={16} />}
        onClick={() => {
          setUsed(true);
          setOpened(true);
        }}
        rightSection={
          active > 0 ? (
            <Badge size="xs" circle variant="filled" color="violet">
              {active}
            </Badge>
          ) : undefined
        }
      >
        Recorrentes
      </Button>
      {used && (
        <Suspense fallback={null}>
          <RecurrenceBasesDrawer
            boardId={boardId}
            opened={opened}
            onClose={() => setOpened(false)}
          />
        </Suspense>
      )}
    </>
  );
}
