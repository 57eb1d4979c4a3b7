import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCash, IconCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

import { useFinanceItem } from '../api/get-finance-item.ts';
import { useMarkFinanceDone } from '../api/mark-finance-done.ts';
import { useMarkFinanceViewed } from '../api/mark-finance-viewed.ts';
import { FinanceStatusBadge } from './finance-status-badge.tsx';
import { FinanceTrail } from './finance-trail.tsx';

/**
 * The demand page's finance block, shown once the demand was sent: the trail with who and when,
 * and for finance/CFO "Concluir". A finance person opening the demand marks it viewed.
 */
export function FinanceSection({ muralId }: { muralId: number }) {
  const item = useFinanceItem(muralId);
  const done = useMarkFinanceDone();
  const { mutate: markViewed } = useMarkFinanceViewed();
  const marked = useRef(false);
  const data = item.data;

  useEffect(() => {
    if (!data || marked.current) return;
    if (data.finance_permissions.act && data.finance_status === 'enviado') {
      marked.current = true;
      markViewed(data.id);
    }
  }, [data, markViewed]);

  if (!data?.finance_status) return null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} aria-label="Financeiro">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <IconCash size={18} />
            <Text fw={700}>Financeiro</Text>
            <FinanceStatusBadge status={data.finance_status} />
          </Group>
          {data.finance_permissions.act && data.finance_status !== 'concluido' && (
            <Button
              size="xs"
              color="teal"
              leftSection={<IconCheck size={14} />}
              loading={done.isPending}
              onClick={() => done.mutate(data.id)}
            >
              Concluir
            </Button>
          )}
        </Group>
        <FinanceTrail item={data} />
      </Stack>
    </Paper>
  );
}
