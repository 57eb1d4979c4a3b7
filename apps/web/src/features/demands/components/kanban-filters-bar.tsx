import type { ContractRef, PrazoFilter } from '@eproto/domain';
import { PRIORITIES, PRIORITY_LABELS } from '@eproto/domain';
import {
  Button,
  CloseButton,
  Collapse,
  Group,
  Indicator,
  MultiSelect,
  SegmentedControl,
  Select,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';

import { CLOSED_UNMOUNTED } from './closed-unmounted.ts';
import type { KanbanFilters, PersonOption } from '../utils/kanban-filters.ts';
import { activeFilterCount, EMPTY_FILTERS } from '../utils/kanban-filters.ts';
import { TextInput } from '../../../components/text-fields.tsx';
import { contractOption } from '../../../components/pickers/contract-label.ts';

interface Props {
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

/** Search box plus responsável, contrato, prioridade and prazo filters (folded on phones). */
export function KanbanFiltersBar({ value, onChange, people, contracts }: Props) {
  const [open, { toggle }] = useDisclosure(false);
  const compact = useMediaQuery('(max-width: 62em)') ?? false;
  const set = (patch: Partial<KanbanFilters>) => onChange({ ...value, ...patch });
  const count = activeFilterCount({ ...value, q: '' });

  const selects = (
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
          <Indicator label={count} size={16} disabled={count === 0}>
            <Button
              variant="default"
              onClick={toggle}
              leftSection={<IconAdjustmentsHorizontal size={16} />}
              aria-expanded={open}
            >
              Filtros
            </Button>
          </Indicator>
        )}
      </Group>
      {compact ? (
        <Collapse expanded={open} mt="sm">
          {selects}
        </Collapse>
      ) : (
        <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>{selects}</div>
      )}
    </div>
  );
}
