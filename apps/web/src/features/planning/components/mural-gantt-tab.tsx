import { countOf } from '@eproto/domain';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTimeline } from '@tabler/icons-react';
import { useMemo, useState } from 'react';

import { formatDate } from '../../../lib/dates.ts';
import {
  useBaseline,
  useBaselines,
  useCreateBaseline,
  useDeleteBaseline,
} from '../api/baselines.ts';
import { useMuralGantt } from '../api/get-mural-gantt.ts';
import { arrows as toArrows, flatRows, withBaseline } from '../gantt/gantt-rows.ts';
import { ZOOM_OPTIONS, type GanttZoom } from '../gantt/gantt-scales.ts';
import { varianceWords } from '../gantt/variance.ts';
import { BaselineControls } from './baseline-controls.tsx';
import { GanttBoard } from './gantt-board.tsx';
import { ViewEmpty, ViewError, ViewLoading } from './view-states.tsx';
import { WorkingDaysSwitch } from './working-days-switch.tsx';

const days = (n: number, uteis: boolean) =>
  uteis ? countOf(n, 'dia útil', 'dias úteis') : countOf(n, 'dia', 'dias');

interface Props {
  muralId: number;
  /** Whose holidays are shaded (the contract's place), else Brazil's. */
  contratoId: number | null;
  /** The demand plans in working days (durations and lags skip days off). */
  diasUteis: boolean;
  /** The caller may edit the demand (and so switch "Dias úteis"). */
  canEdit: boolean;
  /** The caller plans the demand (edits it or its tasks): saves and deletes baselines. */
  canPlan: boolean;
}

/**
 * The "Gantt" tab of a demand page: its tasks, dependencies and critical path over the days off
 * of its contract's place, the "Dias úteis" switch, and a saved baseline to compare with (its
 * bars under the current ones, the variance per task and for the demand).
 */
export default function MuralGanttTab(props: Props) {
  const { muralId, contratoId, diasUteis, canEdit, canPlan } = props;
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [zoom, setZoom] = useState<GanttZoom>(phone ? 'semana' : 'dia');
  const [baselineId, setBaselineId] = useState<number | null>(null);
  const query = useMuralGantt(muralId);
  const baselines = useBaselines(muralId);
  const baseline = useBaseline(baselineId);
  const create = useCreateBaseline();
  const remove = useDeleteBaseline();
  const shown = baselineId !== null ? baseline.data : undefined;
  const data = query.data;
  const rows = useMemo(
    () => (data ? withBaseline(flatRows(data.tasks), shown?.tasks) : []),
    [data, shown],
  );
  const links = useMemo(
    () => (data ? toArrows(data.links, rows, diasUteis) : []),
    [data, rows, diasUteis],
  );

  if (query.isPending) return <ViewLoading height={360} />;
  if (query.isError) {
    return <ViewError message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  const { critical_days: criticalDays, sem_datas: semDatas } = query.data;
  if (rows.length === 0) {
    return (
      <ViewEmpty
        icon={<IconTimeline size={22} />}
        title="Nenhuma tarefa com datas"
        hint="Defina início e fim previstos nas tarefas para vê-las no Gantt."
      />
    );
  }
  const rowHeight = 34 + (shown ? 10 : 0);
  return (
    <Stack gap="xs">
      <GanttBoard
        rows={rows}
        arrows={links}
        zoom={zoom}
        criticalByDefault
        contratoId={contratoId}
        withBaseline={!!shown}
        diasUteis={diasUteis}
        height={`${Math.min(600, Math.max(260, rows.length * rowHeight + 80))}px`}
        controls={
          <>
            <SegmentedControl
              size="xs"
              aria-label="Zoom"
              data={ZOOM_OPTIONS}
              value={zoom}
              onChange={(v) => setZoom(v)}
            />
            <WorkingDaysSwitch muralId={muralId} on={diasUteis} canEdit={canEdit} />
            <BaselineControls
              baselines={baselines.data ?? []}
              selected={baselineId}
              onSelect={setBaselineId}
              canPlan={canPlan}
              onCreate={(nome) => create.mutateAsync({ mural_id: muralId, nome })}
              creating={create.isPending}
              onDelete={(b) => remove.mutateAsync(b)}
              deleting={remove.isPending}
            />
          </>
        }
      />
      {shown && (
        <Text
          size="sm"
          fw={500}
          c={(shown.variacao ?? 0) > 0 ? 'red' : undefined}
          data-testid="variacao-demanda"
        >
          Linha de base &quot;{shown.nome}&quot;: término da demanda{' '}
          {varianceWords(shown.variacao, shown.dias_uteis)}
          {shown.fim_base && shown.fim_atual
            ? ` (previsto ${formatDate(shown.fim_base)}, agora ${formatDate(shown.fim_atual)}).`
            : '.'}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {diasUteis
          ? 'Planejada em dias úteis: prazos e intervalos pulam fins de semana, feriados e folgas da empresa. '
          : 'Planejada em dias corridos. '}
        {criticalDays > 0 && `Caminho crítico: ${days(criticalDays, diasUteis)}. `}
        {semDatas > 0 &&
          (semDatas === 1
            ? '1 tarefa sem datas previstas não aparece no gráfico.'
            : `${semDatas} tarefas sem datas previstas não aparecem no gráfico.`)}
      </Text>
    </Stack>
  );
}
