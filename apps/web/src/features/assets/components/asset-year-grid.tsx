import { YEAR_CELL_LABELS, type YearCellState } from '@eproto/domain';
import { ActionIcon, Box, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendarStats, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { useAssetYear } from '../api/get-asset-maintenance.ts';

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
const MONTH_NAMES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

// Colour and a sign each, so the state reads without colour too.
const CELL: Record<YearCellState, { color: string; sign: string }> = {
  feito: { color: 'teal', sign: '✓' },
  atrasado: { color: 'red', sign: '!' },
  previsto: { color: 'blue', sign: '○' },
  nao_previsto: { color: 'gray', sign: '·' },
};

function Cell({ month, state }: { month: number; state: YearCellState }) {
  const c = CELL[state];
  const label = `${MONTH_NAMES[month]}: ${YEAR_CELL_LABELS[state]}`;
  return (
    <Box
      role="img"
      aria-label={label}
      title={label}
      data-state={state}
      py={4}
      style={{
        borderRadius: 6,
        textAlign: 'center',
        lineHeight: 1.1,
        background:
          state === 'nao_previsto'
            ? 'var(--mantine-color-default-hover)'
            : `var(--mantine-color-${c.color}-light)`,
        // The body text colour on the grey cell: "dimmed" at 10 px fails WCAG AA in the dark
        // theme (e2e/a11y.spec.ts); the "·" sign already says nothing is planned.
        color:
          state === 'nao_previsto'
            ? 'var(--mantine-color-text)'
            : `var(--mantine-color-${c.color}-light-color)`,
      }}
    >
      <Text span fz={10} display="block" aria-hidden>
        {MONTHS[month]}
      </Text>
      <Text span fz="sm" fw={700} display="block" aria-hidden>
        {c.sign}
      </Text>
    </Box>
  );
}

/** The asset's year: 12 months × its plans (feito / atrasado / previsto / não previsto). */
export function AssetYearGrid({ assetId }: { assetId: number }) {
  const [ano, setAno] = useState(() => new Date().getFullYear());
  const query = useAssetYear(assetId, ano);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} fz="lg">
          Ano de manutenção
        </Title>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label="Ano anterior"
            disabled={ano <= 2000}
            onClick={() => setAno((a) => a - 1)}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Text fw={600} miw={44} ta="center" data-testid="asset-year">
            {ano}
          </Text>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label="Próximo ano"
            disabled={ano >= 2100}
            onClick={() => setAno((a) => a + 1)}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
      </Group>
      {query.isPending ? (
        <ListLoading rows={2} height={72} />
      ) : query.isError ? (
        <ListError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.data.atividades.length === 0 ? (
        <ListEmpty
          icon={<IconCalendarStats size={24} />}
          title="Nenhum plano de manutenção"
          hint="Os planos do tipo deste ativo, ou do próprio ativo, aparecem aqui mês a mês."
        />
      ) : (
        <>
          {query.data.atividades.map((a) => (
            <Paper key={a.plano_id} withBorder p="sm" data-testid="asset-year-plan">
              <Text size="sm" fw={600}>
                {a.servico}
              </Text>
              <Text size="xs" c="dimmed" mb={6}>
                {a.periodicidade}
              </Text>
              <SimpleGrid cols={12} spacing={3}>
                {a.meses.map((s, m) => (
                  <Cell key={m} month={m} state={s} />
                ))}
              </SimpleGrid>
            </Paper>
          ))}
          <Group gap="md" aria-hidden>
            {(Object.keys(CELL) as YearCellState[]).map((s) => (
              <Text key={s} size="xs" c="dimmed">
                {CELL[s].sign} {YEAR_CELL_LABELS[s]}
              </Text>
            ))}
          </Group>
        </>
      )}
    </Stack>
  );
}
