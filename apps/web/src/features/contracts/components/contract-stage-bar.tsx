import type { Contract, Stage } from '@eproto/domain';
import { STAGE_LABELS, STAGES } from '@eproto/domain';
import { Group, Progress, Text, Tooltip } from '@mantine/core';

const COLORS: Record<Stage, string> = {
  a_fazer: 'gray.6',
  em_andamento: 'blue.6',
  em_revisao: 'yellow.6',
  concluido: 'teal.6',
};

/**
 * One bar split by stage (A fazer, Em andamento, Em revisão, Concluído) with a legend, from the
 * counters the contract list already brings.
 */
export function ContractStageBar({ stages: data }: { stages: Contract['etapas'] }) {
  const total = STAGES.reduce((n, s) => n + data[s], 0);
  if (total === 0)
    return (
      <Text size="xs" c="dimmed">
        Nenhuma demanda neste contrato.
      </Text>
    );
  return (
    <div>
      <Progress.Root size={12} radius="xl" role="group" aria-label="Demandas por etapa">
        {STAGES.filter((s) => data[s] > 0).map((s) => (
          <Tooltip key={s} label={`${STAGE_LABELS[s]}: ${data[s]}`}>
            <Progress.Section
              value={(data[s] / total) * 100}
              color={COLORS[s]}
              aria-label={`${STAGE_LABELS[s]}: ${data[s]}`}
            />
          </Tooltip>
        ))}
      </Progress.Root>
      <Group gap="sm" mt={6} style={{ rowGap: 2 }}>
        {STAGES.map((s) => (
          <Group key={s} gap={4} wrap="nowrap">
            <span
              style={{
                width: 8,
                height: 8,
                borderRadius: 2,
                background: `var(--mantine-color-${COLORS[s].replace('.', '-')})`,
              }}
            />
            <Text size="xs" c="dimmed">
              {STAGE_LABELS[s]} {data[s]}
            </Text>
          </Group>
        ))}
      </Group>
    </div>
  );
}
