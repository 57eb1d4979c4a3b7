import type { Board, ContractRef } from '@eproto/domain';
import { Button, Chip, CloseButton, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';

import type { ListState } from '../utils/list-params.ts';
import { hasFilters } from '../utils/list-params.ts';
import { TextInput } from '../../../components/text-fields.tsx';
import { whenIdle } from '../../../lib/idle.ts';
import classes from './murals-list-filters.module.css';

// The pickers (Select, MultiSelect, Collapse; ~45 KB gzip with Popover and floating-ui) are a
// chunk of their own: a phone paints the list without them and fetches them when idle; a wide
// screen, which shows them at once, asks for them as the page renders (issue 33).
const loadFields = () => import('./murals-filter-fields.tsx');
const SortSelect = lazy(() => loadFields().then((m) => ({ default: m.SortSelect })));
const FilterFields = lazy(() => loadFields().then((m) => ({ default: m.FilterFields })));
const FoldedFilters = lazy(() => loadFields().then((m) => ({ default: m.FoldedFilters })));

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
  // On a phone the folded pickers mount (closed, for Collapse to open them) once their code has
  // come in while idle, or at once when "Filtros" is tapped first.
  const [foldedReady, setFoldedReady] = useState(false);
  useEffect(() => {
    if (!compact) return;
    let live = true;
    const cancel = whenIdle(() => {
      loadFields().then(
        () => live && setFoldedReady(true),
        () => undefined, // offline without the chunk: "Filtros" asks for it again
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [compact]);

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
              onClick={toggle}
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
        (foldedReady || open) && (
          <Suspense fallback={null}>
            <FoldedFilters opened={open} {...fieldProps} />
          </Suspense>
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
