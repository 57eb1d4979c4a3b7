import '@mantine/charts/styles.css';

import { COST_KIND_LABELS, COST_KINDS, monthLabel, type ContractCost } from '@eproto/domain';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Box, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useLayoutEffect, useRef, type ReactNode } from 'react';

import { formatMoney, formatMoneyShort, formatTerm } from '../utils/format.ts';

/** Colour of each kind of cost, the same in every chart. */
export const KIND_COLORS = {
  mao_de_obra: 'blue.6',
  materiais: 'teal.6',
  combustivel: 'orange.6',
  manutencao: 'grape.6',
  epi: 'yellow.7',
} as const;

/** A month's slot: the charts scroll sideways on a phone rather than squeeze 12 months. */
const SLOT_PX = 56;
const money = (v: number) => formatMoney(v);
/** The value axis: short reais ("R$ 260 mil") so a tick never wraps; tooltips keep the cents. */
const moneyAxis = { width: 84, tickFormatter: (v: number) => formatMoneyShort(v) };

const cssColor = (c: string) => `var(--mantine-color-${c.replace('.', '-')})`;

type LegendItem = { name: string; label: string; color: string; dashed?: boolean };

/** Our own legend, above the chart and outside its scroller: never cut, every item shown. */
function Legend({ items, label }: { items: LegendItem[]; label: string }) {
  return (
    <Group gap="md" style={{ rowGap: 4 }} wrap="wrap" role="list" aria-label={label}>
      {items.map((i) => (
        <Group key={i.name} gap={6} wrap="nowrap" role="listitem">
          <Box
            w={14}
            h={i.dashed ? 0 : 10}
            style={{
              borderRadius: 2,
              background: i.dashed ? undefined : cssColor(i.color),
              borderTop: i.dashed ? `2px dashed ${cssColor(i.color)}` : undefined,
            }}
          />
          <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
            {i.label}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

function ChartCard({
  title,
  hint,
  testId,
  children,
}: {
  title: string;
  hint: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} data-testid={testId}>
      <Stack gap="xs">
        <div>
          <Title order={3} fz="md">
            {title}
          </Title>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** A chart wider than the screen scrolls sideways and opens on its latest month (the right). */
function Scroll({ months, children }: { months: number; children: ReactNode }) {
  const viewport = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = viewport.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, [months]);
  return (
    <ScrollArea
      type="auto"
      offsetScrollbars="x"
      scrollbars="x"
      viewportRef={viewport}
      data-testid="chart-scroll"
    >
      <Box miw={Math.max(280, months * SLOT_PX + 80)}>{children}</Box>
    </ScrollArea>
  );
}

/** Burn over time, cost per month by kind, the split by kind and the OSs per month. */
export default function CostCharts({ report: r }: { report: ContractCost }) {
  const data = r.meses.map((m) => ({
    ...m,
    rotulo: monthLabel(m.mes),
    orcamento: r.contrato.valor,
  }));
  const split = COST_KINDS.filter((k) => r.totais[k] > 0).map((k) => ({
    name: COST_KIND_LABELS[k],
    value: r.totais[k],
    color: KIND_COLORS[k],
  }));
  // The planned burn needs the budget spread over a term: without the contract's start and end
  // there is nothing to draw, and the card says why instead of naming an empty line.
  const planned = r.meses.some((m) => m.planejado_acumulado !== null);
  const burn: LegendItem[] = [
    { name: 'acumulado', label: 'Custo real acumulado', color: 'red.6' },
    ...(planned
      ? [{ name: 'planejado_acumulado', label: 'Planejado acumulado', color: 'blue.6' }]
      : []),
    ...(r.contrato.valor === null
      ? []
      : [{ name: 'orcamento', label: 'Orçamento', color: 'gray.6', dashed: true }]),
  ];
  const term = formatTerm(r.contrato);
  const burnHint = planned
    ? `Custo real acumulado mês a mês, contra o orçamento distribuído pela vigência (${term}).`
    : r.contrato.valor === null
      ? 'Custo real acumulado mês a mês. Contrato sem valor: sem orçamento para comparar.'
      : 'Custo real acumulado mês a mês. Sem início e fim da vigência no contrato, o planejado não é traçado.';
  const kinds: LegendItem[] = COST_KINDS.map((k) => ({
    name: k,
    label: COST_KIND_LABELS[k],
    color: KIND_COLORS[k],
  }));
  const os: LegendItem[] = [
    { name: 'os_abertas', label: 'Previstas', color: 'blue.4' },
    { name: 'os_concluidas', label: 'Concluídas', color: 'green.6' },
  ];
  return (
    <Stack gap="md" data-testid="cost-charts">
      <ChartCard title="Consumo do orçamento" hint={burnHint} testId="cost-burn">
        <Legend items={burn} label="Legenda do consumo do orçamento" />
        <Scroll months={data.length}>
          <LineChart
            h={240}
            data={data}
            dataKey="rotulo"
            series={burn.map((b) => ({
              name: b.name,
              label: b.label,
              color: b.color,
              ...(b.dashed ? { strokeDasharray: '6 4' } : {}),
            }))}
            curveType="linear"
            valueFormatter={money}
            yAxisProps={moneyAxis}
            lineProps={{ isAnimationActive: false }}
          />
        </Scroll>
      </ChartCard>
      {/* Full width, like the burn: at half width (1440 px) its 12 months scrolled sideways and
          the value axis went out of view. */}
      <ChartCard
        title="Custo por mês"
        hint="Cada barra somada por tipo de custo."
        testId="cost-per-month"
      >
        <Legend items={kinds} label="Legenda do custo por mês" />
        <Scroll months={data.length}>
          <BarChart
            h={240}
            data={data}
            dataKey="rotulo"
            type="stacked"
            series={kinds}
            valueFormatter={money}
            yAxisProps={moneyAxis}
            barProps={{ isAnimationActive: false }}
          />
        </Scroll>
      </ChartCard>
      <ChartCard title="Divisão do custo" hint="Total do período por tipo.">
        {split.length === 0 ? (
          <Text size="sm" c="dimmed" py="xl" ta="center">
            Nenhum custo no período.
          </Text>
        ) : (
          <Group justify="center" gap="lg" wrap="wrap">
            <DonutChart
              data={split}
              size={180}
              thickness={28}
              valueFormatter={money}
              pieProps={{ isAnimationActive: false }}
            />
            <Stack gap={4}>
              {split.map((s) => (
                <Group key={s.name} gap={8} wrap="nowrap">
                  <Box
                    w={12}
                    h={12}
                    style={{
                      borderRadius: 3,
                      background: cssColor(s.color),
                    }}
                  />
                  <Text size="sm">
                    {s.name}: <b>{money(s.value)}</b>
                  </Text>
                </Group>
              ))}
            </Stack>
          </Group>
        )}
      </ChartCard>
      <ChartCard
        title="OSs por mês"
        hint="Previstas para começar no mês e concluídas no mês."
        testId="cost-os"
      >
        <Legend items={os} label="Legenda das OSs por mês" />
        <Scroll months={data.length}>
          <BarChart
            h={200}
            data={data}
            dataKey="rotulo"
            series={os}
            yAxisProps={{ allowDecimals: false, width: 40 }}
            barProps={{ isAnimationActive: false }}
          />
        </Scroll>
      </ChartCard>
    </Stack>
  );
}
