import { countOf } from '@eproto/domain';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTimeline } from '@tabler/icons-react';
import { useMemo, useState } from 'react';

import { useMuralGantt } from '../api/get-mural-gantt.ts';
import { arrows as toArrows, flatRows } from '../gantt/gantt-rows.ts';
import { ZOOM_OPTIONS, type GanttZoom } from '../gantt/gantt-scales.ts';
import { GanttBoard } from './gantt-board.tsx';
import { ViewEmpty, ViewError, ViewLoading } from './view-states.tsx';

const days = (n: number) => countOf(n, 'dia', 'dias');

/** The "Gantt" tab of a demand page: its tasks, dependencies and critical path. */
export default function MuralGanttTab({ muralId }: { muralId: number }) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [zoom, setZoom] = useState<GanttZoom>(phone ? 'semana' : 'dia');
  const query = useMuralGantt(muralId);
  const data = query.data;
  const rows = useMemo(() => (data ? flatRows(data.tasks) : []), [data]);
  const links = useMemo(() => (data ? toArrows(data.links, rows) : []), [data, rows]);

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
  return (
    <Stack gap="xs">
      <GanttBoard
        rows={rows}
        arrows={links}
        zoom={zoom}
        criticalByDefault
        height={`${Math.min(560, Math.max(260, rows.length * 34 + 80))}px`}
        controls={
          <SegmentedControl
            size="xs"
            aria-label="Zoom"
            data={ZOOM_OPTIONS}
            value={zoom}
            onChange={(v) => setZoom(v)}
          />
        }
      />
      <Text size="xs" c="dimmed">
        {criticalDays > 0 && `Caminho crítico: ${days(criticalDays)}. `}
        {semDatas > 0 &&
          (semDatas === 1
            ? '1 tarefa sem datas previstas não aparece no gráfico.'
            : `${semDatas} tarefas sem datas previstas não aparecem no gráfico.`)}
      </Text>
    </Stack>
  );
}
