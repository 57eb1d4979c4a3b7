import type { Recurrence } from '@eproto/domain';
import { countOf, describeRecurrence, formatDateBr } from '@eproto/domain';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Collapse,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconChevronDown,
  IconDots,
  IconPlayerTrackNext,
  IconRepeat,
  IconRepeatOff,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { useConcludeAndAdvance } from '../api/conclude-and-advance.ts';
import { useConcludeRecurrence } from '../api/conclude-recurrence.ts';
import { useDeleteRecurrence } from '../api/delete-recurrence.ts';
import { useMuralRecurrence } from '../api/get-mural-recurrence.ts';
import { ConfirmModal } from './confirm-modal.tsx';
import { RecurrenceFormModal } from './recurrence-form-modal.tsx';
import { RecurrenceInstances } from './recurrence-instances.tsx';
import { ruleOfSeries } from '../utils/rule-of-series.ts';

interface MuralLike {
  id: number;
  titulo: string;
  inicio_previsto: string | null;
  fim_previsto: string | null;
  permissions: { edit: boolean };
}

type Confirm = 'advance' | 'conclude' | 'delete' | null;

function SeriesBody({ mural, series }: { mural: MuralLike; series: Recurrence }) {
  const navigate = useNavigate();
  const advance = useConcludeAndAdvance();
  const conclude = useConcludeRecurrence();
  const remove = useDeleteRecurrence();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [showAll, setShowAll] = useState(false);
  const active = series.status === 'ativa';
  const current = series.current_mural_id === mural.id;
  const total = series.ocorrencias ? ` de ${series.ocorrencias}` : '';

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={2} miw={0}>
          <Text size="sm" fw={600}>
            {describeRecurrence(ruleOfSeries(series))}
          </Text>
          <Text size="xs" c="dimmed">
            {series.mural_seq ? `Ocorrência ${series.mural_seq}${total}` : 'Série'} ·{' '}
            {countOf(series.instances_count, 'criada', 'criadas')}
          </Text>
        </Stack>
        {series.can_manage && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label="Ações da recorrência">
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {active && (
                <Menu.Item
                  leftSection={<IconRepeatOff size={14} />}
                  onClick={() => setConfirm('conclude')}
                >
                  Encerrar recorrência
                </Menu.Item>
              )}
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => setConfirm('delete')}
              >
                Excluir recorrência
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>

      {!current && series.current_mural_id && active && (
        <Alert variant="light" color="blue" p="xs">
          <Text size="sm">
            Esta é uma ocorrência anterior.{' '}
            <Anchor component={Link} to={`/eproto/murals/${series.current_mural_id}`} size="sm">
              Abrir a atual ({formatDateBr(series.current_data)})
            </Anchor>
          </Text>
        </Alert>
      )}

      {active ? (
        series.proximas_datas.length > 0 ? (
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              Próximas:
            </Text>
            {series.proximas_datas.map((d) => (
              <Badge key={d} variant="light" color="gray" radius="sm" tt="none">
                {formatDateBr(d)}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            A série termina na ocorrência atual.
          </Text>
        )
      ) : (
        <Text size="xs" c="dimmed">
          Recorrência encerrada: nenhuma nova ocorrência será criada.
        </Text>
      )}

      <Group justify="space-between" gap="xs">
        <Button
          variant="subtle"
          size="xs"
          px={4}
          rightSection={
            <IconChevronDown
              size={14}
              style={{ transform: showAll ? 'rotate(180deg)' : undefined }}
            />
          }
          onClick={() => setShowAll((v) => !v)}
          aria-expanded={showAll}
        >
          {showAll ? 'Ocultar ocorrências' : 'Ver ocorrências'}
        </Button>
        {active && current && series.can_advance && (
          <Button
            size="xs"
            leftSection={<IconPlayerTrackNext size={14} />}
            onClick={() => setConfirm('advance')}
          >
            Concluir e avançar
          </Button>
        )}
      </Group>
      <Collapse expanded={showAll}>
        {showAll && <RecurrenceInstances seriesId={series.id} currentId={mural.id} />}
      </Collapse>

      <ConfirmModal
        opened={confirm === 'advance'}
        title="Concluir e avançar"
        confirmLabel="Concluir e avançar"
        loading={advance.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          advance.mutate(mural.id, {
            onSuccess: (r) => {
              setConfirm(null);
              if (r.next) void navigate(`/eproto/murals/${r.next.mural_id}`);
            },
          })
        }
      >
        {series.proxima_data
          ? `"${mural.titulo}" será concluída e a próxima ocorrência será criada para ${formatDateBr(series.proxima_data)}, com as mesmas tarefas, participantes e quadro.`
          : `"${mural.titulo}" será concluída. É a última ocorrência: a recorrência será encerrada.`}
      </ConfirmModal>
      <ConfirmModal
        opened={confirm === 'conclude'}
        title="Encerrar recorrência"
        confirmLabel="Encerrar"
        color="orange"
        loading={conclude.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          conclude.mutate({ muralId: mural.id }, { onSuccess: () => setConfirm(null) })
        }
      >
        Nenhuma nova ocorrência será criada. As demandas já criadas continuam como estão.
      </ConfirmModal>
      <ConfirmModal
        opened={confirm === 'delete'}
        title="Excluir recorrência"
        confirmLabel="Excluir"
        color="red"
        loading={remove.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => remove.mutate(series.id, { onSuccess: () => setConfirm(null) })}
      >
        A série deixa de existir e as demandas já criadas são mantidas, sem a marca de recorrência.
      </ConfirmModal>
    </Stack>
  );
}

/** The demand page's "Recorrência" block: create a series, or follow and advance it. */
export function RecurrenceSection({ mural }: { mural: MuralLike }) {
  const series = useMuralRecurrence(mural.id);
  const [creating, setCreating] = useState(false);
  if (series.isPending) return <Skeleton height={64} radius="lg" />;
  if (series.isError) {
    return (
      <Alert color="red" variant="light" title="Recorrência">
        Não foi possível carregar a recorrência. {series.error.message}
      </Alert>
    );
  }
  if (!series.data && !mural.permissions.edit) return null;
  const active = series.data?.status === 'ativa';
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} aria-label="Recorrência">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <IconRepeat size={18} />
            <Text fw={700}>Recorrência</Text>
            {series.data && (
              <Badge variant="light" color={active ? 'violet' : 'gray'}>
                {active ? 'Ativa' : 'Encerrada'}
              </Badge>
            )}
          </Group>
          {!series.data && (
            <Button size="xs" variant="light" onClick={() => setCreating(true)}>
              Tornar recorrente
            </Button>
          )}
        </Group>
        {series.data ? (
          <SeriesBody mural={mural} series={series.data} />
        ) : (
          <Text size="sm" c="dimmed">
            Esta demanda não se repete. Torne-a recorrente para criar as próximas ocorrências com as
            mesmas tarefas e participantes.
          </Text>
        )}
      </Stack>
      <RecurrenceFormModal mural={mural} opened={creating} onClose={() => setCreating(false)} />
    </Paper>
  );
}
