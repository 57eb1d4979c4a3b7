import type { FinanceCounter, FinanceStatus } from '@eproto/domain';
import { FINANCE_STATUSES, FINANCE_STATUS_LABELS } from '@eproto/domain';
import { Box, Group, Paper, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';

import { FINANCE_STATUS_COLORS } from './finance-status-badge.tsx';

interface Props {
  counters: FinanceCounter[] | undefined;
  loading: boolean;
  selected: FinanceStatus | null;
  onSelect: (status: FinanceStatus | null) => void;
}

/** One card per finance state with its count; clicking filters the list (again clears). */
export function FinanceCounters({ counters, loading, selected, onSelect }: Props) {
  return (
    <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }}>
      {FINANCE_STATUSES.map((status) => {
        const total = counters?.find((c) => c.status === status)?.total ?? 0;
        const active = selected === status;
        const color = FINANCE_STATUS_COLORS[status];
        return (
          <UnstyledButton
            key={status}
            onClick={() => onSelect(active ? null : status)}
            aria-pressed={active}
            aria-label={`${FINANCE_STATUS_LABELS[status]}: ${total}`}
          >
            <Paper
              withBorder
              radius="md"
              p={{ base: 'xs', sm: 'md' }}
              style={{
                borderColor: active ? `var(--mantine-color-${color}-6)` : undefined,
                background: active ? `var(--mantine-color-${color}-light)` : undefined,
              }}
            >
              <Group gap={6} wrap="nowrap" miw={0}>
                <Box
                  component="span"
                  aria-hidden
                  style={{
                    width: 8,
                    height: 8,
                    borderRadius: 8,
                    flex: 'none',
                    background: `var(--mantine-color-${color}-6)`,
                  }}
                />
                <Text fz={{ base: 10, sm: 'xs' }} c="dimmed" fw={600} tt="uppercase">
                  {FINANCE_STATUS_LABELS[status]}
                </Text>
              </Group>
              {loading ? (
                <Skeleton height={28} width={40} mt={6} />
              ) : (
                <Text fz={{ base: 22, sm: 28 }} fw={700} lh={1.2} mt={4}>
                  {total.toLocaleString('pt-BR')}
                </Text>
              )}
            </Paper>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
