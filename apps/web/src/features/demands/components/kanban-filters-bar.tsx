import { Button, CloseButton, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { Suspense } from 'react';

import { FoldPending, useFoldedFilters } from './folded-filters.tsx';
import type { KanbanFieldsProps } from './kanban-filter-fields.tsx';
import { activeFilterCount } from '../utils/kanban-filters.ts';
import type { KanbanFilters } from '../utils/kanban-filters.ts';
import { TextInput } from '../../../components/text-fields.tsx';
import { preloadable } from '../../../lib/preloadable.ts';
import classes from './murals-list-filters.module.css';

/** Mantine's md breakpoint: the pickers in a row from here up, folded under "Filtros" below. */
const COMPACT = '(max-width: 62em)';

// The pickers (MultiSelect, SegmentedControl, Collapse) are a chunk of their own. A phone paints
// the board without them (nor renders them hidden in a closed fold) and fetches them at the
// first tap on "Filtros"; a wide screen, which shows them at once, asks for them as this module
// runs, beside the board's own requests (issue 33). The service worker precaches the chunk.
const loadFields = () => import('./kanban-filter-fields.tsx');
const KanbanFilterFields = preloadable(() =>
  loadFields().then((m) => ({ default: m.KanbanFilterFields })),
);
const FoldedKanbanFilters = preloadable(() =>
  loadFields().then((m) => ({ default: m.FoldedKanbanFilters })),
);
if (typeof window !== 'undefined' && window.matchMedia?.(COMPACT).matches === false)
  loadFields().catch(() => undefined);

type Props = KanbanFieldsProps;

/** Search box plus responsável, contrato, prioridade and prazo filters (folded on phones). */
export function KanbanFiltersBar(props: Props) {
  const { value, onChange } = props;
  const [open, { toggle }] = useDisclosure(false);
  // Known at the first render: a phone never renders the wide screen's row of pickers.
  const compact = useMediaQuery(COMPACT, undefined, { getInitialValueInEffect: false });
  const set = (patch: Partial<KanbanFilters>) => onChange({ ...value, ...patch });
  const count = activeFilterCount({ ...value, q: '' });
  // On a phone the folded pickers mount once their code is here, asked for at the first tap.
  const fold = useFoldedFilters(FoldedKanbanFilters.preload);
  const onFiltros = () => {
    if (!open && !fold.ready) fold.load();
    toggle();
  };

  return (
    <div>
      <Group gap="sm" wrap="nowrap">
        <TextInput
          aria-label="Buscar demandas"
          placeholder="Buscar por título, responsável, contrato ou #número"
          leftSection={<IconSearch size={16} />}
          value={value.q}
          onChange={(e) => set({ q: e.currentTarget.value })}
          rightSection={
            value.q ? (
              <CloseButton size="sm" aria-label="Limpar busca" onClick={() => set({ q: '' })} />
            ) : null
          }
          flex={1}
          maw={{ sm: 420 }}
        />
        {compact && (
          <span className={classes.indicator}>
            <Button
              variant="default"
              onClick={onFiltros}
              leftSection={<IconAdjustmentsHorizontal size={16} />}
              aria-expanded={open}
            >
              Filtros
            </Button>
            {count > 0 && <span className={classes.count}>{count}</span>}
          </span>
        )}
      </Group>
      {compact ? (
        fold.ready ? (
          <Suspense fallback={null}>
            <FoldedKanbanFilters opened={open} {...props} />
          </Suspense>
        ) : (
          open && <FoldPending failed={fold.failed} />
        )
      ) : (
        <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
          <Suspense fallback={<div className={classes.fieldsSlot} />}>
            <KanbanFilterFields {...props} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
