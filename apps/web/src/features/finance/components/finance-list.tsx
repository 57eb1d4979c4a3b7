import type { FinanceItem } from '@eproto/domain';
import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCalendarDue, IconSend } from '@tabler/icons-react';

import { formatDate, fromNow } from '../../../lib/dates.ts';
import { FinanceStatusBadge } from './finance-status-badge.tsx';

/** The demands sent to finance; unopened ones stand out. Clicking opens one. */
export function FinanceList({
  items,
  onOpen,
}: {
  items: FinanceItem[];
  onOpen: (item: FinanceItem) => void;
}) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => {
        const fresh = item.finance_status === 'enviado';
        const where = [item.board_nome, item.contract_nome].filter(Boolean).join(' · ');
        return (
          <li key={item.id}>
            <UnstyledButton
              onClick={() => onOpen(item)}
              w="100%"
              aria-label={`Abrir ${item.titulo}`}
              data-testid="finance-item"
            >
              <Paper
                withBorder
                radius="md"
                p="sm"
                style={{
                  borderLeft: fresh ? '3px solid var(--mantine-color-orange-6)' : undefined,
                }}
              >
                <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                  <Stack gap={2} miw={0}>
                    <Text fw={fresh ? 700 : 600} size="sm" lineClamp={2}>
                      {item.titulo}
                    </Text>
                    <Text size="xs" c="dimmed" truncate="end">
                      #{item.id}
                      {where ? ` · ${where}` : ''}
                    </Text>
                  </Stack>
                  <FinanceStatusBadge status={item.finance_status ?? 'enviado'} flexNone />
                </Group>
                <Group gap="md" mt={6} c="dimmed" wrap="wrap">
                  {item.finance_sent_at && (
                    <Group gap={4} wrap="nowrap">
                      <IconSend size={13} />
                      <Text size="xs">
                        {item.finance_sent_by_nome ?? 'Alguém'} · {fromNow(item.finance_sent_at)}
                      </Text>
                    </Group>
                  )}
                  {item.fim_previsto && (
                    <Group gap={4} wrap="nowrap">
                      <IconCalendarDue size={13} />
                      <Text size="xs">Prazo {formatDate(item.fim_previsto)}</Text>
                    </Group>
                  )}
                </Group>
              </Paper>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}
