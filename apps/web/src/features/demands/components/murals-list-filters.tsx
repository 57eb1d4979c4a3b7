import type { Board, ContractRef } from '@eproto/domain';
import { Button, Chip, CloseButton, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useEffect } from 'react';

import type { ListState } from '../utils/list-params.ts';
import { DEFAULT_SORT, hasFilters } from '../utils/list-params.ts';
import { TextInput } from '../../../components/text-fields.tsx';
import { whenIdle } from '../../../lib/idle.ts';
import { preloadable } from '../../../lib/preloadable.ts';
import { FoldPending, useFoldedFilters } from './folded-filters.tsx';
import classes from './murals-list-filters.module.css';

// The pickers (Select, MultiSelect, Collapse; ~55 KB gzip with Popover, ScrollArea and
// floating-ui) are a chunk of their own. A wide screen, which shows them at once, asks for them
// as the page renders. A phone folds them under "Filtros" and fetches them at the first tap on
// it (or when idle, when the URL already sets one of them): fetched on idle after every visit,
// they were ~55 KB and their evaluation inside the first seconds of a field screen for a fold
// most people never open (issue 33). The service worker precaches them for offline use.
const loadFields = () => import('./murals-filter-fields.tsx');
const SortSelect = lazy(() => loadFields().then((m) => ({ default: m.SortSelect })));
const FilterFields = lazy(() => loadFields().then((m) => ({ default: m.FilterFields })));
const FoldedFilters = preloadable(() => loadFields().then((m) => ({ default: m.FoldedFilters })));

/** Whether the URL sets one of the folded fields (quadro, contrato, etapa, prioridade, ordem). */
function foldedFieldSet(state: ListState): boolean {
  return Boolean(
    state.boardId ||
    state.contractId ||
    state.stages.length ||
    state.prioridades.length ||
    state.sort !== DEFAULT_SORT,
  );
}

interface Props {
  state: ListState;
  search: string;
  onSearch: (q: string) => void;
  onChange: (patch: Partial<ListState>) => void;
  onClear: () => void;
  boards: Board[];
  contracts: ContractRef[];
  meId: number | null;
}

/** Filters of the demands list: search, quadro, contrato, etapa, prioridade, prazo, "minhas". */
export function MuralsListFilters(props: Props) {
  const { state, onChange, boards, contracts, meId } = props;
  const [open, { toggle }] = useDisclosure(false);
  // Known at the first render: a phone never renders (nor fetches) the wide screen's pickers.
  const compact = useMediaQuery('(max-width: 62em)', undefined, { getInitialValueInEffect: false });
  const count = [
    state.boardId,
    state.contractId,
    state.stages.length,
    state.prioridades.length,
    state.responsavelId,
    state.prazo,
  ].filter(Boolean).length;

  const fieldProps = { state, onChange, boards, contracts };
  // On a phone the folded pickers mount once their code is here: asked for at the tap on
  // "Filtros", or when idle if the URL already sets one of them (the count on the button invites
  // a look).
  const fold = useFoldedFilters(FoldedFilters.preload);
  const { load } = fold;
  const wantedAtOnce = compact === true && foldedFieldSet(state);
  useEffect(() => (wantedAtOnce ? whenIdle(load) : undefined), [wantedAtOnce, load]);
  const onFiltros = () => {
    if (!open && !fold.ready) load();
    toggle();
  };

  const chips = (
    <Group gap="xs" wrap="wrap">
      {meId && (
        <Chip
          checked={state.responsavelId === meId}
          onChange={(on) => onChange({ responsavelId: on ? meId : null })}
          size="sm"
        >
          Sou responsável
        </Chip>
      )}
      <Chip.Group value={state.prazo ?? ''} onChange={(v) => onChange({ prazo: v || null })}>
        <Chip value="atrasadas" size="sm" color="red">
          Atrasadas
        </Chip>
        <Chip value="semana" size="sm">
          Vencem esta semana
        </Chip>
      </Chip.Group>
      {state.prazo && (
        <Button variant="subtle" size="compact-sm" onClick={() => onChange({ prazo: null })}>
          Todos os prazos
        </Button>
      )}
      {hasFilters(state) && (
        <Button variant="subtle" size="compact-sm" onClick={props.onClear}>
          Limpar filtros
        </Button>
      )}
    </Group>
  );

  return (
    <div>
      <Group gap="sm" wrap="nowrap" align="flex-end">
        <TextInput
          aria-label="Buscar demandas"
          placeholder="Buscar por título, descrição ou #número"
          leftSection={<IconSearch size={16} />}
          value={props.search}
          onChange={(e) => props.onSearch(e.currentTarget.value)}
          rightSection={
            props.search ? (
              <CloseButton size="sm" aria-label="Limpar busca" onClick={() => props.onSearch('')} />
            ) : null
          }
          flex={1}
        />
        {!compact && (
          <Suspense fallback={<div className={classes.sortSlot} />}>
            <SortSelect state={state} onChange={onChange} width={230} />
          </Suspense>
        )}
        {compact && (
          <span className={classes.indicator}>
            <Button
              variant="default"
              onClick={onFiltros}
              aria-expanded={open}
              px="sm"
              aria-label="Filtros"
            >
              <IconAdjustmentsHorizontal size={18} />
            </Button>
            {count > 0 && <span className={classes.count}>{count}</span>}
          </span>
        )}
      </Group>
      {compact ? (
        fold.ready ? (
          <Suspense fallback={null}>
            <FoldedFilters opened={open} {...fieldProps} />
          </Suspense>
        ) : (
          open && <FoldPending failed={fold.failed} />
        )
      ) : (
        <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
          <Suspense fallback={<div className={classes.fieldsSlot} />}>
            <FilterFields {...fieldProps} />
          </Suspense>
        </div>
      )}
      <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>{chips}</div>
    </div>
  );
}
