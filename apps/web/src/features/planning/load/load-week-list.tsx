import { Badge, Group, Paper, Progress, Stack, Text } from '@mantine/core';

import type { LoadRow, LoadUnit } from './load-rows.ts';

interface Props {
  rows: LoadRow[];
  week: number;
  unit: LoadUnit;
  /** "Carga da semana por pessoa" — the list's accessible name. */
  label: string;
}

/** The phone's table: the chosen week, one line per person (or vehicle). */
export function LoadWeekList({ rows, week, unit, label }: Props) {
  return (
    <Stack gap={6} component="ul" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((r) => {
        const cell = r.semanas[week];
        if (!cell) return null;
        const pct = cell.capacidade > 0 ? (cell.valor / cell.capacidade) * 100 : 100;
        return (
          <Paper
            key={r.id}
            component="li"
            withBorder
            radius="md"
            p="xs"
            data-acima={cell.acima || undefined}
          >
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600} truncate>
                  {r.nome}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {r.sub}
                </Text>
              </Stack>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {unit.format(cell.valor)}{' '}
                <Text span size="xs" c="dimmed" fw={400}>
                  de {unit.format(cell.capacidade)}
                </Text>
              </Text>
            </Group>
            <Progress
              mt={6}
              size="sm"
              value={Math.min(100, pct)}
              color={cell.acima ? 'red.7' : 'blue.6'}
              aria-label={`${r.nome}: ${unit.format(cell.valor)} de ${unit.format(cell.capacidade)}`}
            />
            {cell.acima && (
              <Badge mt={6} color="red" variant="light" size="sm">
                Acima da capacidade
              </Badge>
            )}
            {cell.detalhe && (
              <Text size="xs" c="dimmed" mt={4}>
                {cell.detalhe}
              </Text>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
