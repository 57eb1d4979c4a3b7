import type { BaselineTask, GanttTask } from '@eproto/domain';
import { STAGE_LABELS } from '@eproto/domain';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';

import { formatDate } from '../../../lib/dates.ts';
import { varianceWords } from '../gantt/variance.ts';

const range = (a: string | null, b: string | null) =>
  a || b ? `${formatDate(a) || '—'} a ${formatDate(b) || '—'}` : 'não iniciada';

/**
 * The task selected in the Gantt, with a link to its page (touch screens have no tooltip), and
 * how it compares with the baseline shown.
 */
export function TaskDetails({
  task,
  baseline,
  diasUteis = false,
}: {
  task: GanttTask;
  baseline?: BaselineTask | undefined;
  diasUteis?: boolean;
}) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Group gap={6}>
            <Text fw={600} truncate>
              {task.titulo}
            </Text>
            <Badge size="sm" variant="light">
              {STAGE_LABELS[task.stage]}
            </Badge>
            {task.critical && (
              <Badge size="sm" color="red" variant="light">
                Caminho crítico
              </Badge>
            )}
            {task.atrasada && (
              <Badge size="sm" color="red">
                Atrasada
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" truncate>
            {task.mural_titulo} · {task.responsavel_nome ?? 'Sem responsável'}
          </Text>
          <Text size="sm">
            Previsto: {range(task.start, task.end)} · Real: {range(task.inicio_real, task.fim_real)}
          </Text>
          {baseline && (
            <Text size="sm" c={(baseline.variacao_fim ?? 0) > 0 ? 'red' : 'dimmed'}>
              Linha de base: {range(baseline.inicio_base, baseline.fim_base)} · término{' '}
              {varianceWords(baseline.variacao_fim, diasUteis)}
            </Text>
          )}
        </Stack>
        <Button
          component={Link}
          to={task.links.web}
          size="xs"
          variant="light"
          rightSection={<IconArrowRight size={14} />}
        >
          Abrir tarefa
        </Button>
      </Group>
    </Paper>
  );
}
