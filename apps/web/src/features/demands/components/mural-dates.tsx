import type { Mural } from '@eproto/domain';
import { countOf, DEFAULT_TIME_ZONE, todayIn } from '@eproto/domain';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';

import { formatDate } from '../../../lib/dates.ts';

function days(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}

function plural(n: number) {
  return countOf(n, 'dia', 'dias');
}

/** How the real end compares to the planned one, in words (null when nothing to say). */
export function deadlineNote(m: Pick<Mural, 'stage' | 'fim_previsto' | 'fim_real'>, today: string) {
  if (!m.fim_previsto) return null;
  if (m.fim_real) {
    const d = days(m.fim_previsto, m.fim_real);
    if (d > 0) return { text: `Concluída ${plural(d)} após o previsto`, late: true };
    if (d < 0) return { text: `Concluída ${plural(-d)} antes do previsto`, late: false };
    return { text: 'Concluída no dia previsto', late: false };
  }
  if (m.stage === 'concluido') return null;
  const d = days(today, m.fim_previsto);
  if (d < 0) return { text: `Atrasada há ${plural(-d)}`, late: true };
  if (d === 0) return { text: 'Vence hoje', late: false };
  return { text: `Vence em ${plural(d)}`, late: false };
}

function Cell({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} c={value ? undefined : 'dimmed'}>
        {value ? formatDate(value) : '—'}
      </Text>
    </div>
  );
}

/** Planned vs real dates of a demand, side by side, with the deadline in words. */
export function MuralDates({ mural }: { mural: Mural }) {
  const note = deadlineNote(mural, todayIn(DEFAULT_TIME_ZONE));
  return (
    <Stack gap={6}>
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm" verticalSpacing="xs">
        <Cell label="Início previsto" value={mural.inicio_previsto} />
        <Cell label="Fim previsto" value={mural.fim_previsto} />
        <Cell label="Início real" value={mural.inicio_real} />
        <Cell label="Fim real" value={mural.fim_real} />
      </SimpleGrid>
      {note && (
        <Group gap={6}>
          <Text size="xs" c={note.late ? 'red' : 'dimmed'} fw={note.late ? 600 : 400}>
            {note.text}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
