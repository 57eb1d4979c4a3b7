import { Text, type MantineSpacing } from '@mantine/core';

import type { DayOffInfo } from '../api/get-non-working-days.ts';

const short = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

/** At most this many days are named; the rest are counted. */
const SHOWN = 8;

/**
 * The holidays and days off of a Gantt's period, in words (a touch screen has no tooltip on the
 * shaded days): "Sem expediente: 20/11 Consciência Negra · 25/12 Natal".
 */
export function DaysOffNote(props: {
  daysOff: ReadonlyMap<string, DayOffInfo>;
  start: string;
  end: string;
  mt?: MantineSpacing;
}) {
  const { daysOff, start, end, mt } = props;
  const inside = [...daysOff.entries()]
    .filter(([d]) => d >= start && d <= end)
    .sort(([a], [b]) => a.localeCompare(b));
  if (inside.length === 0) return null;
  const named = inside.slice(0, SHOWN).map(([d, off]) => `${short(d)} ${off.nome}`);
  const more = inside.length - named.length;
  return (
    <Text size="xs" c="dimmed" mt={mt} data-testid="dias-sem-expediente">
      <Text span fw={600} c="grape" size="xs">
        Sem expediente:
      </Text>{' '}
      {named.join(' · ')}
      {more > 0 && ` e mais ${more}`}
    </Text>
  );
}
