import type { MuralSortField, MuralSummary } from '@eproto/domain';
import { Card, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarDue } from '@tabler/icons-react';
import { lazy, Suspense, useDeferredValue } from 'react';

import { ListLoading } from '../../../components/list-states.tsx';
import { LateBadge, PriorityBadge, StageBadge } from '../../../components/work-badges.tsx';
import { MuralDue, MuralPerson, MuralTitle } from './murals-cells.tsx';

export interface MuralsTableProps {
  murals: MuralSummary[];
  sort: string;
  onSort: (field: MuralSortField) => void;
}

/** Mantine's md breakpoint: the table from here up, the cards below. */
const WIDE = '(min-width: 62em)';

// The sortable table (Table, its ScrollArea, the sort headers) only where it shows: a phone
// paints the cards and never downloads it (issue 33). A wide screen asks for it as the page's
// code runs, beside the list's own request.
const loadWideTable = () => import('./murals-wide-table.tsx');
const MuralsWideTable = lazy(loadWideTable);
if (typeof window !== 'undefined' && window.matchMedia?.(WIDE).matches)
  loadWideTable().catch(() => undefined);

/** Cards on a phone's first screen (~4 at 844 px high), rendered with the list's arrival. */
const FIRST_CARDS = 6;

/** Demands as a sortable table from tablets up, as cards on phones. */
export function MuralsTable(props: MuralsTableProps) {
  const wide = useMediaQuery(WIDE, undefined, { getInitialValueInEffect: false });
  // The list arrives through TanStack Query's external store, an update React renders in one
  // uninterrupted task: 25 cards were ~65 ms of CPU, ~260 ms on a 4x slower phone (issue 33).
  // The first screen's cards render with it; the others follow in a deferred, sliced render.
  const cards = useDeferredValue(props.murals, props.murals.slice(0, FIRST_CARDS));
  if (wide)
    return (
      <Suspense fallback={<ListLoading rows={8} height={52} />}>
        <MuralsWideTable {...props} />
      </Suspense>
    );
  return (
    <Stack gap="sm">
      {cards.map((m) => (
        <Card key={m.id} withBorder radius="md" padding="sm">
          <Group justify="space-between" gap={6} wrap="nowrap" mb={6}>
            <Group gap={6}>
              <StageBadge stage={m.stage} size="sm" />
              <PriorityBadge prioridade={m.prioridade} size="sm" />
              {m.atrasada && <LateBadge size="sm" />}
            </Group>
            <Text size="xs" c="dimmed">
              #{m.id}
            </Text>
          </Group>
          <MuralTitle m={m} />
          <Text size="xs" c="dimmed" truncate="end" mt={2}>
            {m.board_nome}
            {m.contract_nome ? ` · ${m.contract_nome}` : ''}
          </Text>
          <Group justify="space-between" mt="xs" gap="xs" wrap="nowrap">
            <MuralPerson m={m} />
            {m.fim_previsto && (
              <Group gap={4} wrap="nowrap" c={m.atrasada ? 'red' : 'dimmed'}>
                <IconCalendarDue size={14} />
                <MuralDue m={m} />
              </Group>
            )}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
