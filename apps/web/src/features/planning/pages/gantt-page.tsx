import { can } from '@eproto/domain';
import { Group, Paper, SegmentedControl, Select, Stack, Tabs, Text } from '@mantine/core';
import { IconChartBar, IconClockHour4, IconGauge } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

import { PageHeader } from '../../../components/page-header.tsx';
import { useSession } from '../../../lib/session.ts';
import { useTeamBaseline } from '../api/baselines.ts';
import { useCoordenadores } from '../api/get-coordenadores.ts';
import { useTeamGantt } from '../api/get-team-gantt.ts';
import { useTeamMembers } from '../api/get-team-members.ts';
import { GanttBoard } from '../components/gantt-board.tsx';
import { PeriodPicker } from '../components/period-picker.tsx';
import { ViewEmpty, ViewError, ViewLoading } from '../components/view-states.tsx';
import { toLocalDate } from '../gantt/gantt-dates.ts';
import {
  arrows as toArrows,
  groupedRows,
  idleMembers,
  withTeamBaseline,
  type GanttGroupBy,
} from '../gantt/gantt-rows.ts';
import { ZOOM_OPTIONS } from '../gantt/gantt-scales.ts';
import { useGanttParams } from '../gantt/use-gantt-params.ts';
import { subjectOf } from '../../../lib/permission-subject.ts';

const GROUP_OPTIONS: { value: GanttGroupBy; label: string }[] = [
  { value: 'pessoa', label: 'Por pessoa' },
  { value: 'demanda', label: 'Por demanda' },
];

// The timesheets ("Horas", ?aba=horas) load when their tab opens.
const TimesheetsTab = lazy(() => import('../timesheets/timesheets-tab.tsx'));
// The team's baselines (their dialog and popover) load once a team is in view.
const TeamBaselineControls = lazy(() =>
  import('../components/team-baseline.tsx').then((m) => ({ default: m.TeamBaselineControls })),
);
const TeamBaselineDemands = lazy(() =>
  import('../components/team-baseline.tsx').then((m) => ({ default: m.TeamBaselineDemands })),
);
// The load's charts (recharts; "Carga", ?aba=carga) load only when their tab opens.
const LoadTab = lazy(() => import('../load/load-tab.tsx'));

const DESCRIPTIONS = {
  linha:
    'Linha do tempo das tarefas: arraste uma barra para mudar as datas; as tarefas que dependem dela acompanham.',
  horas:
    'Horas da semana: das OS (check-in, pausas e conclusão) e lançadas à mão; o coordenador aprova a semana.',
  carga:
    'Horas planejadas por pessoa e dias reservados por veículo, semana a semana, contra a capacidade.',
};

/**
 * /eproto/gantt ("Equipe"): the team timeline, the weekly hours (tab "Horas") and, for
 * planners, the team's load per week (tab "Carga").
 */
export default function GanttPage() {
  const { user } = useSession();
  const [search, setSearch] = useSearchParams();
  const load = can(subjectOf(user), 'team.load');
  const asked = search.get('aba');
  const tab = asked === 'horas' ? 'horas' : asked === 'carga' && load ? 'carga' : 'linha';
  const openTab = (t: string | null) =>
    setSearch(
      (p) => {
        if (t === 'horas' || t === 'carga') p.set('aba', t);
        else p.delete('aba');
        return p;
      },
      { replace: true },
    );
  return (
    <Stack gap="lg">
      <PageHeader title="Equipe" description={DESCRIPTIONS[tab]} />
      <Tabs value={tab} onChange={openTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="linha" leftSection={<IconChartBar size={16} />}>
            Linha do tempo
          </Tabs.Tab>
          <Tabs.Tab value="horas" leftSection={<IconClockHour4 size={16} />}>
            Horas
          </Tabs.Tab>
          {load && (
            <Tabs.Tab value="carga" leftSection={<IconGauge size={16} />}>
              Carga
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="linha">
          <TeamTimeline />
        </Tabs.Panel>
        <Tabs.Panel value="horas">
          <Suspense fallback={<ViewLoading height={360} />}>
            <TimesheetsTab />
          </Suspense>
        </Tabs.Panel>
        {load && (
          <Tabs.Panel value="carga">
            <Suspense fallback={<ViewLoading height={420} />}>
              <LoadTab ownTeam={user && can(subjectOf(user), 'team.lead') ? user.id : null} />
            </Suspense>
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

/** The team timeline, by person or by demand. */
function TeamTimeline() {
  const { user } = useSession();
  const manager = can(subjectOf(user), 'demands.manage');
  const params = useGanttParams(user && can(subjectOf(user), 'team.lead') ? user.id : null);
  const { zoom, group, coordenadorId, start, end } = params;
  const coordenadores = useCoordenadores(manager);
  const members = useTeamMembers(coordenadorId);
  const query = useTeamGantt({
    start,
    end,
    ...(coordenadorId ? { coordenador_id: coordenadorId } : {}),
  });
  // Team baselines: of the team in view; a coordenador keeps those of their own team only.
  const baselineTeam =
    user &&
    coordenadorId !== null &&
    can(subjectOf(user), 'team.baselines') &&
    (!can(subjectOf(user), 'team.lead') || coordenadorId === user.id)
      ? coordenadorId
      : null;
  const [picked, setPicked] = useState<{ team: number; id: number } | null>(null);
  const baselineId = picked && picked.team === baselineTeam ? picked.id : null;
  const baseline = useTeamBaseline(baselineId);
  const shown = baselineId !== null ? baseline.data : undefined;
  const data = query.data;
  const rows = useMemo(
    () => (data ? withTeamBaseline(groupedRows(data.tasks, group), shown) : []),
    [data, group, shown],
  );
  const links = useMemo(() => (data ? toArrows(data.links, rows) : []), [data, rows]);
  const idle = useMemo(
    () => (data && coordenadorId && members.data ? idleMembers(members.data, data.tasks) : []),
    [data, coordenadorId, members.data],
  );
  const range = useMemo(() => ({ start: toLocalDate(start), end: toLocalDate(end) }), [start, end]);

  const coordOptions = [
    { value: '', label: 'Todas as pessoas' },
    ...(coordenadores.data ?? []).map((c) => ({
      value: String(c.id),
      label: `Equipe de ${c.nome}`,
    })),
  ];

  const controls = (
    <>
      <SegmentedControl
        size="xs"
        aria-label="Zoom"
        data={ZOOM_OPTIONS}
        value={zoom}
        onChange={(v) => params.set({ zoom: v })}
      />
      <SegmentedControl
        size="xs"
        aria-label="Agrupar"
        data={GROUP_OPTIONS}
        value={group}
        onChange={(v) => params.set({ group: v })}
      />
      {baselineTeam !== null && (
        <Suspense fallback={null}>
          <TeamBaselineControls
            coordenadorId={baselineTeam}
            selected={baselineId}
            onSelect={(id) => setPicked(id === null ? null : { team: baselineTeam, id })}
          />
        </Suspense>
      )}
    </>
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          {manager && (
            <Select
              label="Equipe"
              size="sm"
              w={{ base: '100%', xs: 260 }}
              data={coordOptions}
              value={coordenadorId ? String(coordenadorId) : ''}
              onChange={(v) => params.set({ coordenadorId: v ? Number(v) : null })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <PeriodPicker
            start={start}
            end={end}
            onChange={(s, e) => params.set({ start: s, end: e })}
          />
        </Group>
        {query.isPending ? (
          <ViewLoading height={420} />
        ) : query.isError ? (
          <ViewError message={query.error.message} onRetry={() => void query.refetch()} />
        ) : rows.length === 0 ? (
          <ViewEmpty
            title="Nenhuma tarefa com datas neste período"
            hint="Escolha outro período ou outra equipe."
          />
        ) : (
          <GanttBoard
            rows={rows}
            arrows={links}
            zoom={zoom}
            start={range.start}
            end={range.end}
            height="max(420px, calc(100dvh - 330px))"
            controls={controls}
            withBaseline={!!shown}
          />
        )}
        {shown && (
          <Suspense fallback={null}>
            <TeamBaselineDemands baseline={shown} />
          </Suspense>
        )}
        {data && data.sem_datas > 0 && (
          <Text size="xs" c="dimmed">
            {data.sem_datas === 1
              ? '1 tarefa sem datas previstas não aparece no gráfico.'
              : `${data.sem_datas} tarefas sem datas previstas não aparecem no gráfico.`}
          </Text>
        )}
        {manager && coordenadorId === null && can(subjectOf(user), 'team.baselines') && (
          <Text size="xs" c="dimmed">
            Escolha uma equipe para salvar ou comparar linhas de base.
          </Text>
        )}
        {idle.length > 0 && (
          <Text size="xs" c="dimmed">
            Sem tarefas no período: {idle.map((m) => m.nome).join(', ')}.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
