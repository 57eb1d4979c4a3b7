import type { Stage } from '@eproto/domain';
import { STAGE_LABELS, STAGES } from '@eproto/domain';
import { Group, Select, Switch } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

import { useContractAccess } from '../../../components/pickers/contract-access.ts';
import { useUserSearch } from '../../../components/pickers/user-search.ts';
import { TextInput } from '../../../components/text-fields.tsx';

export interface ProtocolFilters {
  q: string;
  contractId: string | null;
  responsavelId: string | null;
  stages: Stage[];
  late: boolean;
}

/** The list opens on the work still to do; clearing the stages shows everything. */
export const DEFAULT_FILTERS: ProtocolFilters = {
  q: '',
  contractId: null,
  responsavelId: null,
  stages: ['a_fazer', 'em_andamento', 'em_revisao'],
  late: false,
};

const OPEN: Stage[] = ['a_fazer', 'em_andamento', 'em_revisao'];
const STAGE_OPTIONS = [
  { value: 'abertas', label: 'Em aberto' },
  { value: 'todas', label: 'Todas as etapas' },
  ...STAGES.map((s) => ({ value: s, label: STAGE_LABELS[s] })),
];

function stageValue(stages: Stage[]): string {
  if (stages.length === 0) return 'todas';
  if (stages.length === 1) return stages[0]!;
  return 'abertas';
}

function stagesOf(value: string | null): Stage[] {
  if (value === 'abertas') return OPEN;
  if (!value || value === 'todas') return [];
  return [value as Stage];
}

interface Props {
  value: ProtocolFilters;
  onChange: (next: ProtocolFilters) => void;
  /** The kanban shows every stage as a column, so it hides the stage filter. */
  showStages: boolean;
}

/** Search, contract, responsável, stage and "atrasadas" filters of the task list. */
export function ProtocolsFilters({ value, onChange, showStages }: Props) {
  const contracts = useContractAccess();
  const [who, setWho] = useState('');
  const [whoQuery] = useDebouncedValue(who, 250);
  const people = useUserSearch(whoQuery);
  const set = (patch: Partial<ProtocolFilters>) => onChange({ ...value, ...patch });

  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <TextInput
        placeholder="Buscar por tarefa, demanda ou número"
        aria-label="Buscar tarefas"
        leftSection={<IconSearch size={16} />}
        value={value.q}
        onChange={(e) => set({ q: e.currentTarget.value })}
        flex="2 1 240px"
      />
      <Select
        aria-label="Contrato"
        placeholder="Todos os contratos"
        data={(contracts.data?.contracts ?? []).map((c) => ({
          value: String(c.id),
          label: c.nome,
        }))}
        value={value.contractId}
        onChange={(v) => set({ contractId: v })}
        clearable
        searchable
        nothingFoundMessage="Nenhum contrato"
        flex="1 1 180px"
      />
      <Select
        aria-label="Responsável"
        placeholder="Qualquer responsável"
        data={(people.data ?? []).map((p) => ({ value: String(p.id), label: p.nome }))}
        value={value.responsavelId}
        onChange={(v) => set({ responsavelId: v })}
        searchValue={who}
        onSearchChange={setWho}
        clearable
        searchable
        nothingFoundMessage="Ninguém encontrado"
        flex="1 1 180px"
      />
      {showStages && (
        <Select
          aria-label="Etapa"
          data={STAGE_OPTIONS}
          value={stageValue(value.stages)}
          onChange={(v) => set({ stages: stagesOf(v) })}
          allowDeselect={false}
          flex="1 1 160px"
        />
      )}
      <Switch
        label="Somente atrasadas"
        checked={value.late}
        onChange={(e) => set({ late: e.currentTarget.checked })}
        mb={8}
      />
    </Group>
  );
}
