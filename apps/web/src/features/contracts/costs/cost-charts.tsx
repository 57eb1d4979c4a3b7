import '@mantine/charts/styles.css';

import { COST_KIND_LABELS, COST_KINDS, monthLabel, type ContractCost } from '@eproto/domain';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Box, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

import { formatMoney } from '../utils/format.ts';

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

function ChartCard({
  title,
  hint,
  children,
}: {
  title: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
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

function Scroll({ months, children }: { months: number; children: ReactNode }) {
  return (
    <ScrollArea type="auto" offsetScrollbars="x" scrollbars="x">
      <Box miw={Math.max(280, months * SLOT_PX + 90)}>{children}</Box>
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
  const burn = [
    { name: 'acumulado', label: 'Custo real acumulado', color: 'red.6' },
    ...(r.contrato.valor === null
      ? []
      : [
          { name: 'planejado_acumulado', label: 'Planejado acumulado', color: 'blue.6' },
          { name: 'orcamento', label: 'Orçamento', color: 'gray.6', strokeDasharray: '6 4' },
        ]),
  ];
  return (
    <Stack gap="md" data-testid="cost-charts">
      <ChartCard
        title="Consumo do orçamento"
        hint="Custo real acumulado mês a mês, contra o orçamento distribuído pela vigência."
      >
        <Scroll months={data.length}>
          <LineChart
            h={260}
            data={data}
            dataKey="rotulo"
            series={burn}
            curveType="linear"
            valueFormatter={money}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            yAxisProps={{ width: 96 }}
            lineProps={{ isAnimationActive: false }}
          />
        </Scroll>
      </ChartCard>
      <Group grow align="stretch" gap="md" wrap="wrap">
        <Box miw={{ base: '100%', lg: 0 }}>
          <ChartCard title="Custo por mês" hint="Cada barra somada por tipo de custo.">
            <Scroll months={data.length}>
              <BarChart
                h={260}
                data={data}
                dataKey="rotulo"
                type="stacked"
                series={COST_KINDS.map((k) => ({
                  name: k,
                  label: COST_KIND_LABELS[k],
                  color: KIND_COLORS[k],
                }))}
                valueFormatter={money}
                withLegend
                legendProps={{ verticalAlign: 'bottom' }}
                yAxisProps={{ width: 96 }}
                barProps={{ isAnimationActive: false }}
              />
            </Scroll>
          </ChartCard>
        </Box>
        <Box miw={{ base: '100%', lg: 0 }}>
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
                          background: `var(--mantine-color-${s.color.replace('.', '-')})`,
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
        </Box>
      </Group>
      <ChartCard title="OSs por mês" hint="Previstas para começar no mês e concluídas no mês.">
        <Scroll months={data.length}>
          <BarChart
            h={220}
            data={data}
            dataKey="rotulo"
            series={[
              { name: 'os_abertas', label: 'Previstas', color: 'blue.4' },
              { name: 'os_concluidas', label: 'Concluídas', color: 'green.6' },
            ]}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            yAxisProps={{ allowDecimals: false }}
            barProps={{ isAnimationActive: false }}
          />
        </Scroll>
      </ChartCard>
    </Stack>
  );
}
