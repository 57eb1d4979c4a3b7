import type { FinanceItem } from '@eproto/domain';
import { PRIORITY_LABELS } from '@eproto/domain';
import { Button, Divider, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconExternalLink } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

import { formatDate } from '../../../lib/dates.ts';
import { useFinanceItem } from '../api/get-finance-item.ts';
import { useMarkFinanceDone } from '../api/mark-finance-done.ts';
import { useMarkFinanceViewed } from '../api/mark-finance-viewed.ts';
import { FinanceStatusBadge } from './finance-status-badge.tsx';
import { FinanceTrail } from './finance-trail.tsx';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value || '—'}</Text>
    </div>
  );
}

/**
 * One item opened from the finance list: opening it marks it viewed (once); "Concluir" ends it.
 * Shows the list's copy at once and the fresh server copy as it arrives.
 */
export function FinanceItemDrawer({
  item,
  onClose,
}: {
  item: FinanceItem | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const fresh = useFinanceItem(item?.id ?? 0, item !== null);
  const { mutate: markViewed } = useMarkFinanceViewed();
  const done = useMarkFinanceDone();
  const marked = useRef<number | null>(null);
  const shown = (item && fresh.data?.id === item.id ? fresh.data : item) ?? null;

  useEffect(() => {
    if (!item || marked.current === item.id) return;
    marked.current = item.id;
    if (item.finance_status === 'enviado') markViewed(item.id);
  }, [item, markViewed]);

  return (
    <Drawer
      opened={item !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'md'}
      title={<Text fw={700}>Demanda no financeiro</Text>}
    >
      {shown && (
        <Stack gap="md">
          <Stack gap={6}>
            <Group gap="xs">
              <FinanceStatusBadge status={shown.finance_status ?? 'enviado'} />
              <Text size="xs" c="dimmed">
                #{shown.id}
              </Text>
            </Group>
            <Title order={3} fz="lg">
              {shown.titulo}
            </Title>
            {shown.descricao && (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                {shown.descricao}
              </Text>
            )}
          </Stack>
          <Group grow align="flex-start">
            <Field label="Contrato" value={shown.contract_nome} />
            <Field label="Quadro" value={shown.board_nome} />
          </Group>
          <Group grow align="flex-start">
            <Field label="Responsável" value={shown.responsavel_nome} />
            <Field label="Prioridade" value={PRIORITY_LABELS[shown.prioridade]} />
          </Group>
          <Group grow align="flex-start">
            <Field label="Início previsto" value={formatDate(shown.inicio_previsto)} />
            <Field label="Fim previsto" value={formatDate(shown.fim_previsto)} />
          </Group>
          <Divider label="Andamento no financeiro" labelPosition="left" />
          <FinanceTrail item={shown} />
          <Group justify="space-between" mt="sm">
            <Button
              component={Link}
              to={`/eproto/murals/${shown.id}`}
              variant="default"
              leftSection={<IconExternalLink size={16} />}
            >
              Abrir demanda
            </Button>
            {shown.finance_permissions.act && shown.finance_status !== 'concluido' && (
              <Button
                color="teal"
                leftSection={<IconCheck size={16} />}
                loading={done.isPending}
                onClick={() => done.mutate(shown.id)}
              >
                Concluir
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}
