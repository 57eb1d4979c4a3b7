import type { TeamBaselineDetail } from '@eproto/domain';
import { countOf } from '@eproto/domain';
import { List, Stack, Text } from '@mantine/core';

import { formatDate } from '../../../lib/dates.ts';
import {
  useCreateTeamBaseline,
  useDeleteTeamBaseline,
  useTeamBaselines,
} from '../api/baselines.ts';
import { varianceWords } from '../gantt/variance.ts';
import { BaselineControls } from './baseline-controls.tsx';

const TEAM_HINT =
  'Guarda as datas previstas de todas as tarefas das demandas em que a equipe trabalha, como estão agora, para comparar com o andamento do plano.';

interface ControlsProps {
  coordenadorId: number;
  selected: number | null;
  onSelect: (id: number | null) => void;
}

/** The team Gantt's baseline picker: compare with a saved plan of the team, save, delete. */
export function TeamBaselineControls({ coordenadorId, selected, onSelect }: ControlsProps) {
  const baselines = useTeamBaselines(coordenadorId);
  const create = useCreateTeamBaseline();
  const remove = useDeleteTeamBaseline();
  return (
    <BaselineControls
      baselines={baselines.data ?? []}
      selected={selected}
      onSelect={onSelect}
      canPlan
      onCreate={(nome) => create.mutateAsync({ coordenador_id: coordenadorId, nome })}
      creating={create.isPending}
      onDelete={(b) => remove.mutateAsync(b)}
      deleting={remove.isPending}
      hint={TEAM_HINT}
    />
  );
}

/** Under the team Gantt: each demand's finish against the chosen baseline, the latest first. */
export function TeamBaselineDemands({ baseline }: { baseline: TeamBaselineDetail }) {
  const late = baseline.por_demanda.filter((d) => (d.variacao ?? 0) > 0).length;
  const total = baseline.por_demanda.length;
  return (
    <Stack gap={4} data-testid="variacao-demandas">
      <Text size="sm" fw={600}>
        Linha de base &quot;{baseline.nome}&quot;: {countOf(total, 'demanda', 'demandas')}
        {total > 0 && `, ${countOf(late, 'com atraso', 'com atraso')}`}.
      </Text>
      {total > 0 && (
        <List size="sm" spacing={2} listStyleType="none" withPadding={false}>
          {baseline.por_demanda.map((d) => (
            <List.Item key={d.mural_id} data-testid={`variacao-demanda-${d.mural_id}`}>
              <Text span size="sm" c={(d.variacao ?? 0) > 0 ? 'red' : undefined}>
                <Text span fw={500} inherit>
                  {d.titulo}
                </Text>
                : término {varianceWords(d.variacao, d.dias_uteis)}
                {d.fim_base && d.fim_atual
                  ? ` (previsto ${formatDate(d.fim_base)}, agora ${formatDate(d.fim_atual)})`
                  : ''}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
