import { LOAD_DAY_OPTIONS, LOAD_DEFAULT_DAY_MINUTES, LOAD_DEFAULT_WEEKS } from '@eproto/domain';
import {
  ActionIcon,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';

import { useContractAccess } from '../../../components/pickers/contract-access.ts';
import { useCoordenadores } from '../api/get-coordenadores.ts';
import { useTeamLoad } from '../api/get-team-load.ts';
import { useVehicleLoad } from '../api/get-vehicle-load.ts';
import type { TeamLoadParams } from '../api/keys.ts';
import { ViewEmpty, ViewError, ViewLoading } from '../components/view-states.tsx';
import { LoadChart } from './load-chart.tsx';
import { shiftWeeks, weekLong } from './load-format.ts';
import { DAYS, HOURS, peopleRows, vehicleRows } from './load-rows.ts';
import { LoadTable } from './load-table.tsx';
import { LoadWeekList } from './load-week-list.tsx';
import { contractOption } from '../../../components/pickers/contract-label.ts';

type Kind = 'pessoas' | 'veiculos';

const KINDS = [
  { value: 'pessoas', label: 'Pessoas' },
  { value: 'veiculos', label: 'Veículos' },
];
const DAY_OPTIONS = LOAD_DAY_OPTIONS.map((o) => ({ value: String(o.minutos), label: o.rotulo }));

interface Props {
  /** The coordenador whose team opens first (the caller when they lead one). */
  ownTeam: number | null;
}

/** "Carga" tab of Equipe: planned hours per person (or booked days per vehicle) per week. */
export default function LoadTab({ ownTeam }: Props) {
  const [kind, setKind] = useState<Kind>('pessoas');
  const [contrato, setContrato] = useState<number | null>(null);
  const [coordenador, setCoordenador] = useState<number | null>(ownTeam);
  const [jornada, setJornada] = useState(LOAD_DEFAULT_DAY_MINUTES);
  const [inicio, setInicio] = useState<string | null>(null);
  const [week, setWeek] = useState(0);
  const contracts = useContractAccess();
  const coordenadores = useCoordenadores();

  const params: TeamLoadParams = {
    semanas: LOAD_DEFAULT_WEEKS,
    ...(inicio ? { inicio } : {}),
    ...(contrato ? { contrato_id: contrato } : {}),
  };
  const people = useTeamLoad(
    {
      ...params,
      ...(coordenador ? { coordenador_id: coordenador } : {}),
      ...(jornada !== LOAD_DEFAULT_DAY_MINUTES ? { jornada_minutos: jornada } : {}),
    },
    kind === 'pessoas',
  );
  const vehicles = useVehicleLoad(params, kind === 'veiculos');
  const query = kind === 'pessoas' ? people : vehicles;
  const weeks = query.data?.semanas ?? [];
  const rows = useMemo(
    () =>
      kind === 'pessoas'
        ? people.data
          ? peopleRows(people.data)
          : []
        : vehicles.data
          ? vehicleRows(vehicles.data)
          : [],
    [kind, people.data, vehicles.data],
  );
  const unit = kind === 'pessoas' ? HOURS : DAYS;
  const shown = weeks[week];
  const over = rows.filter((r) => r.semanas[week]?.acima).map((r) => r.nome);
  const noun = kind === 'pessoas' ? ['pessoa', 'pessoas'] : ['veículo', 'veículos'];

  const move = (dir: -1 | 1) => {
    const first = weeks[0]?.inicio;
    if (!first) return;
    setInicio(shiftWeeks(first, dir * LOAD_DEFAULT_WEEKS));
    setWeek(0);
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SegmentedControl
            aria-label="Mostrar"
            data={KINDS}
            value={kind}
            onChange={(v) => setKind(v as Kind)}
          />
          <Select
            label="Contrato"
            w={{ base: '100%', xs: 240 }}
            data={[
              { value: '', label: 'Todos os contratos' },
              ...(contracts.data?.contracts ?? []).map(contractOption),
            ]}
            value={contrato ? String(contrato) : ''}
            onChange={(v) => setContrato(v ? Number(v) : null)}
            allowDeselect={false}
            searchable
            nothingFoundMessage="Nenhum contrato"
            comboboxProps={{ withinPortal: true }}
          />
          {kind === 'pessoas' && (
            <>
              <Select
                label="Equipe"
                w={{ base: '100%', xs: 240 }}
                data={[
                  { value: '', label: 'Todas as pessoas' },
                  ...(coordenadores.data ?? []).map((c) => ({
                    value: String(c.id),
                    label: `Equipe de ${c.nome}`,
                  })),
                ]}
                value={coordenador ? String(coordenador) : ''}
                onChange={(v) => setCoordenador(v ? Number(v) : null)}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label="Jornada"
                w={{ base: '100%', xs: 260 }}
                data={DAY_OPTIONS}
                value={String(jornada)}
                onChange={(v) => setJornada(v ? Number(v) : LOAD_DEFAULT_DAY_MINUTES)}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            </>
          )}
        </Group>

        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap={6} wrap="nowrap" w={{ base: '100%', xs: 'auto' }}>
            <Tooltip label="Semanas anteriores">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Semanas anteriores"
                onClick={() => move(-1)}
              >
                <IconChevronLeft size={18} />
              </ActionIcon>
            </Tooltip>
            <Select
              aria-label="Semana do gráfico"
              flex={1}
              miw={0}
              w={{ xs: 250 }}
              data={weeks.map((w, i) => ({ value: String(i), label: weekLong(w) }))}
              value={weeks.length ? String(week) : null}
              onChange={(v) => setWeek(v ? Number(v) : 0)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <Tooltip label="Próximas semanas">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Próximas semanas"
                onClick={() => move(1)}
              >
                <IconChevronRight size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>

        {query.isPending ? (
          <ViewLoading height={320} />
        ) : query.isError ? (
          <ViewError message={query.error.message} onRetry={() => void query.refetch()} />
        ) : rows.length === 0 ? (
          <ViewEmpty
            title={kind === 'pessoas' ? 'Ninguém para mostrar' : 'Nenhum veículo para mostrar'}
            hint={
              kind === 'pessoas'
                ? 'Escolha outro contrato ou outra equipe.'
                : 'Nenhum veículo reservado para este contrato no período.'
            }
          />
        ) : (
          <>
            <Stack gap={4}>
              <Title order={2} size="h4">
                {shown ? weekLong(shown) : ''}
              </Title>
              <Text
                size="sm"
                c={over.length ? 'var(--mantine-color-red-text)' : 'dimmed'}
                data-testid="load-summary"
              >
                {over.length === 0
                  ? `Nenhum ${noun[0]} acima da capacidade nesta semana.`
                  : `${over.length} ${over.length === 1 ? noun[0] : noun[1]} acima da capacidade: ${over.join(', ')}.`}
              </Text>
            </Stack>
            <LoadChart rows={rows} week={week} unit={unit} />
            <Stack gap="xs" hiddenFrom="sm">
              <LoadWeekList
                rows={rows}
                week={week}
                unit={unit}
                label={`${unit.valueLabel} na semana, por ${noun[0]}`}
              />
            </Stack>
            <Stack gap="xs" visibleFrom="sm">
              <LoadTable
                rows={rows}
                weeks={weeks}
                week={week}
                onWeek={setWeek}
                unit={unit}
                subject={kind === 'pessoas' ? 'Pessoa' : 'Veículo'}
              />
            </Stack>
            {kind === 'pessoas' && (
              <Text size="xs" c="dimmed">
                Horas das tarefas (estimativa distribuída pelos dias úteis), da agenda e das OS;
                capacidade = dias úteis × jornada, no máximo 44 h por semana (CLT).
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
