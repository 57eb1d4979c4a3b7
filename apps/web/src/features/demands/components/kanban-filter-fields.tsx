import type { ContractRef, PrazoFilter } from '@eproto/domain';
import { PRIORITIES, PRIORITY_LABELS } from '@eproto/domain';
import { Button, Collapse, Group, MultiSelect, SegmentedControl, Select } from '@mantine/core';

import { CLOSED_UNMOUNTED } from './closed-unmounted.ts';
import type { KanbanFilters, PersonOption } from '../utils/kanban-filters.ts';
import { activeFilterCount, EMPTY_FILTERS } from '../utils/kanban-filters.ts';
import { contractOption } from '../../../components/pickers/contract-label.ts';

// The kanban's pickers (MultiSelect with PillsInput, SegmentedControl, Collapse; ~15 KB gzip
// beyond the board picker's Select), loaded apart from the board (kanban-filters-bar.tsx): on a
// phone they sit folded under "Filtros" and load at its first tap (issue 33).

export interface KanbanFieldsProps {
  value: KanbanFilters;
  onChange: (next: KanbanFilters) => void;
  people: PersonOption[];
  contracts: ContractRef[];
}

const PRAZO_OPTIONS = [
  { value: 'todas', label: 'Todos os prazos' },
  { value: 'atrasadas', label: 'Atrasadas' },
  { value: 'semana', label: 'Esta semana' },
];

/** Responsável, contrato, prioridade and prazo. */
export function KanbanFilterFields({ value, onChange, people, contracts }: KanbanFieldsProps) {
  const set = (patch: Partial<KanbanFilters>) => onChange({ ...value, ...patch });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        aria-label="Responsável"
        placeholder="Responsável: todos"
        data={[
          { value: 'none', label: 'Sem responsável' },
          ...people.map((p) => ({ value: String(p.id), label: p.nome })),
        ]}
        value={value.responsavel === null ? null : String(value.responsavel)}
        onChange={(v) =>
          set({ responsavel: v === null ? null : v === 'none' ? 'none' : Number(v) })
        }
        clearable
        searchable
        nothingFoundMessage="Ninguém encontrado"
        flex="1 1 180px"
        maw={{ sm: 240 }}
        comboboxProps={CLOSED_UNMOUNTED}
      />
      <Select
        aria-label="Contrato"
        placeholder="Contrato: todos"
        data={contracts.map(contractOption)}
        value={value.contractId === null ? null : String(value.contractId)}
        onChange={(v) => set({ contractId: v === null ? null : Number(v) })}
        clearable
        searchable
        nothingFoundMessage="Nenhum contrato"
        flex="1 1 180px"
        maw={{ sm: 260 }}
        comboboxProps={{ ...CLOSED_UNMOUNTED, width: 320, position: 'bottom-start' }}
      />
      <MultiSelect
        aria-label="Prioridade"
        placeholder={value.prioridades.length ? undefined : 'Prioridade: todas'}
        data={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
        value={value.prioridades}
        onChange={(v) => set({ prioridades: v })}
        clearable
        flex="1 1 180px"
        maw={{ sm: 280 }}
        comboboxProps={CLOSED_UNMOUNTED}
      />
      <SegmentedControl
        aria-label="Prazo"
        data={PRAZO_OPTIONS}
        value={value.prazo ?? 'todas'}
        onChange={(v) => set({ prazo: v === 'todas' ? null : (v as PrazoFilter) })}
        size="sm"
      />
      {activeFilterCount(value) > 0 && (
        <Button variant="subtle" size="sm" onClick={() => onChange(EMPTY_FILTERS)}>
          Limpar filtros
        </Button>
      )}
    </Group>
  );
}

/** A phone's folded filters, opened by "Filtros". */
export function FoldedKanbanFilters({ opened, ...props }: KanbanFieldsProps & { opened: boolean }) {
  return (
    <Collapse expanded={opened} mt="sm">
      <KanbanFilterFields {...props} />
    </Collapse>
  );
}
