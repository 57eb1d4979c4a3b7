import type { Board, ContractRef } from '@eproto/domain';
import { PRIORITIES, PRIORITY_LABELS, STAGE_LABELS, STAGES } from '@eproto/domain';
import { Collapse, MultiSelect, Select, SimpleGrid, Stack } from '@mantine/core';

import type { ListState } from '../utils/list-params.ts';
import { contractOption } from '../../../components/pickers/contract-label.ts';

// The demands list's pickers (Select, MultiSelect and what they bring: Popover, floating-ui,
// ScrollArea, FocusTrap, PillsInput; ~45 KB gzip), loaded apart from the page
// (murals-list-filters.tsx): on a phone they sit folded under "Filtros", so the list paints
// without them and they load once the main thread is idle (issue 33).

interface FieldsProps {
  state: ListState;
  onChange: (patch: Partial<ListState>) => void;
  boards: Board[];
  contracts: ContractRef[];
}

const SORT_OPTIONS: Array<{ value: string; label: string }> = [
  { value: '-updated_at', label: 'Atualizadas recentemente' },
  { value: 'fim_previsto', label: 'Prazo mais próximo' },
  { value: '-prioridade', label: 'Mais urgentes' },
  { value: 'titulo', label: 'Título (A–Z)' },
  { value: 'stage', label: 'Etapa' },
  { value: '-created_at', label: 'Criadas recentemente' },
];

/** "Ordenar por": beside the search on a wide screen, first in the folded filters on a phone. */
export function SortSelect({
  state,
  onChange,
  width,
}: Pick<FieldsProps, 'state' | 'onChange'> & { width?: number }) {
  return (
    <Select
      aria-label="Ordenar por"
      data={
        SORT_OPTIONS.some((o) => o.value === state.sort)
          ? SORT_OPTIONS
          : [...SORT_OPTIONS, { value: state.sort, label: 'Ordem da tabela' }]
      }
      value={state.sort}
      onChange={(v) => v && onChange({ sort: v })}
      allowDeselect={false}
      w={width}
    />
  );
}

/** Quadro, contrato, etapa and prioridade. */
export function FilterFields({ state, onChange, boards, contracts }: FieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <Select
        aria-label="Quadro"
        placeholder="Quadro: todos"
        data={boards.map((b) => ({ value: String(b.id), label: b.nome }))}
        value={state.boardId ? String(state.boardId) : null}
        onChange={(v) => onChange({ boardId: v ? Number(v) : null })}
        clearable
        searchable
        nothingFoundMessage="Nenhum quadro"
      />
      <Select
        aria-label="Contrato"
        placeholder="Contrato: todos"
        data={contracts.map(contractOption)}
        value={state.contractId ? String(state.contractId) : null}
        onChange={(v) => onChange({ contractId: v ? Number(v) : null })}
        clearable
        searchable
        nothingFoundMessage="Nenhum contrato"
      />
      <MultiSelect
        aria-label="Etapa"
        placeholder={state.stages.length ? undefined : 'Etapa: todas'}
        data={STAGES.map((s) => ({ value: s, label: STAGE_LABELS[s] }))}
        value={state.stages}
        onChange={(v) => onChange({ stages: v })}
        clearable
      />
      <MultiSelect
        aria-label="Prioridade"
        placeholder={state.prioridades.length ? undefined : 'Prioridade: todas'}
        data={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
        value={state.prioridades}
        onChange={(v) => onChange({ prioridades: v })}
        clearable
      />
    </SimpleGrid>
  );
}

/** A phone's folded filters: the sort and the fields, opened by "Filtros". */
export function FoldedFilters({ opened, ...props }: FieldsProps & { opened: boolean }) {
  return (
    <Collapse expanded={opened} mt="sm">
      <Stack gap="sm">
        <SortSelect state={props.state} onChange={props.onChange} />
        <FilterFields {...props} />
      </Stack>
    </Collapse>
  );
}
