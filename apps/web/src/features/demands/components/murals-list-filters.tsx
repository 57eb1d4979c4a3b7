import type { Board, ContractRef } from '@eproto/domain';
import { PRIORITIES, PRIORITY_LABELS, STAGE_LABELS, STAGES } from '@eproto/domain';
import {
  Button,
  Chip,
  CloseButton,
  Collapse,
  Group,
  Indicator,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';

import type { ListState } from '../utils/list-params.ts';
import { hasFilters } from '../utils/list-params.ts';
import { TextInput } from '../../../components/text-fields.tsx';

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

const SORT_OPTIONS: Array<{ value: string; label: string }> = [
  { value: '-updated_at', label: 'Atualizadas recentemente' },
  { value: 'fim_previsto', label: 'Prazo mais próximo' },
  { value: '-prioridade', label: 'Mais urgentes' },
  { value: 'titulo', label: 'Título (A–Z)' },
  { value: 'stage', label: 'Etapa' },
  { value: '-created_at', label: 'Criadas recentemente' },
];

/** Filters of the demands list: search, quadro, contrato, etapa, prioridade, prazo, "minhas". */
export function MuralsListFilters(props: Props) {
  const { state, onChange, boards, contracts, meId } = props;
  const [open, { toggle }] = useDisclosure(false);
  const compact = useMediaQuery('(max-width: 62em)') ?? false;
  const count = [
    state.boardId,
    state.contractId,
    state.stages.length,
    state.prioridades.length,
    state.responsavelId,
    state.prazo,
  ].filter(Boolean).length;

  const sortSelect = (
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
      w={compact ? undefined : 230}
    />
  );

  const fields = (
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
        data={contracts.map((c) => ({ value: String(c.id), label: `${c.codigo} — ${c.nome}` }))}
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
        {!compact && sortSelect}
        {compact && (
          <Indicator label={count} size={16} disabled={count === 0}>
            <Button
              variant="default"
              onClick={toggle}
              aria-expanded={open}
              px="sm"
              aria-label="Filtros"
            >
              <IconAdjustmentsHorizontal size={18} />
            </Button>
          </Indicator>
        )}
      </Group>
      {compact ? (
        <Collapse expanded={open} mt="sm">
          <Stack gap="sm">
            {sortSelect}
            {fields}
          </Stack>
        </Collapse>
      ) : (
        <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>{fields}</div>
      )}
      <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>{chips}</div>
    </div>
  );
}
