import { describeRecurrence, formatDateBr, upcomingDates } from '@eproto/domain';
import { Badge, Group, Paper, Text } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';

import type { RecurrenceDraft } from '../utils/recurrence-draft.ts';
import { draftToRule } from '../utils/recurrence-draft.ts';

/** The rule in words and the first dates it will produce. */
export function RecurrencePreview({ draft, valid }: { draft: RecurrenceDraft; valid: boolean }) {
  if (!valid) return null;
  const rule = draftToRule(draft);
  const next = upcomingDates(rule, 1, rule.data_inicio, 5);
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
      <Group gap={6} mb={6} wrap="nowrap">
        <IconRepeat size={16} />
        <Text size="sm" fw={600}>
          {describeRecurrence(rule)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" mb={6}>
        Esta demanda é a primeira ({formatDateBr(rule.data_inicio)}). Próximas datas:
      </Text>
      {next.length === 0 ? (
        <Text size="sm">Nenhuma: a série termina nesta demanda.</Text>
      ) : (
        <Group gap={6}>
          {next.map((d) => (
            <Badge key={d} variant="light" color="gray" size="lg" radius="sm" tt="none">
              {formatDateBr(d)}
            </Badge>
          ))}
        </Group>
      )}
    </Paper>
  );
}
