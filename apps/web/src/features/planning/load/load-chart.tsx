import '@mantine/charts/styles.css';

import { CompositeChart, type CompositeChartSeries } from '@mantine/charts';
import { Box, ColorSwatch, Group, ScrollArea, Stack, Text } from '@mantine/core';

import type { LoadRow, LoadUnit } from './load-rows.ts';

/** Width of one person's (or vehicle's) bar slot: the chart scrolls sideways past the screen. */
const SLOT_PX = 112;

/** An axis label fits its slot: longer names end in "…" (the table and tooltip say them whole). */
const clip = (label: string) => (label.length > 14 ? `${label.slice(0, 13)}…` : label);

const SERIES: CompositeChartSeries[] = [
  { name: 'dentro', label: 'Dentro da capacidade', color: 'blue.6', type: 'bar' },
  { name: 'acima', label: 'Acima da capacidade', color: 'red.7', type: 'bar' },
  {
    name: 'capacidade',
    label: 'Capacidade',
    color: 'gray.6',
    type: 'line',
    strokeDasharray: '6 4',
  },
];

interface Props {
  rows: LoadRow[];
  /** Index of the week shown. */
  week: number;
  unit: LoadUnit;
}

/**
 * One week of the load: a bar per person (or vehicle), blue within capacity and red above it,
 * the capacity as a dashed line. The same figures are in the table beside it (LoadTable).
 */
export function LoadChart({ rows, week, unit }: Props) {
  const data = rows.map((r) => {
    const cell = r.semanas[week];
    const valor = cell?.valor ?? 0;
    return {
      rotulo: r.rotulo,
      dentro: cell?.acima ? null : valor,
      acima: cell?.acima ? valor : null,
      capacidade: cell?.capacidade ?? 0,
    };
  });
  return (
    <Stack gap="xs" data-testid="load-chart">
      <ScrollArea type="auto" offsetScrollbars="x" scrollbars="x">
        <Box miw={Math.max(300, rows.length * SLOT_PX + 60)}>
          <CompositeChart
            h={320}
            data={data}
            dataKey="rotulo"
            series={SERIES}
            curveType="linear"
            valueFormatter={unit.format}
            maxBarWidth={40}
            barProps={{ stackId: 'carga', isAnimationActive: false }}
            lineProps={{ isAnimationActive: false }}
            xAxisProps={{ interval: 0, tickFormatter: clip }}
            yAxisProps={{ width: 56 }}
            yAxisLabel={unit.valueLabel}
          />
        </Box>
      </ScrollArea>
      <Legend />
    </Stack>
  );
}

const cssColor = (color = 'gray.6') => `var(--mantine-color-${color.replace('.', '-')})`;

/**
 * The legend stays under the chart, outside its sideways scroll: on a phone the chart is wider
 * than the screen, and a legend inside it scrolled out of view.
 */
function Legend() {
  return (
    <Group gap="md" justify="center" wrap="wrap">
      {SERIES.map((s) => (
        <Group key={s.name} gap={6} wrap="nowrap">
          {s.type === 'line' ? (
            <Box w={18} style={{ borderTop: `2px dashed ${cssColor(s.color)}` }} />
          ) : (
            <ColorSwatch size={12} color={cssColor(s.color)} />
          )}
          <Text size="sm">{s.label}</Text>
        </Group>
      ))}
    </Group>
  );
}
