import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_EVENT_LABELS,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '@eproto/domain';
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { DELIVERIES_PER_PAGE, useWebhookDeliveries } from '../api/get-webhook-deliveries.ts';
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery.ts';

const STATUS_COLORS: Record<WebhookDeliveryStatus, string> = {
  pendente: 'yellow',
  enviando: 'blue',
  enviada: 'teal',
  falhou: 'red',
};

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

function DeliveryCard({
  d,
  onResend,
  resending,
}: {
  d: WebhookDelivery;
  onResend: () => void;
  resending: boolean;
}) {
  return (
    <Card withBorder radius="md" p="sm" data-testid="webhook-delivery" aria-label={d.evento}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Badge color={STATUS_COLORS[d.status]} variant="light">
              {WEBHOOK_DELIVERY_STATUS_LABELS[d.status]}
            </Badge>
            <Text size="sm" fw={600}>
              {WEBHOOK_EVENT_LABELS[d.evento]}
            </Text>
          </Group>
          {d.status !== 'enviando' && (
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconSend size={14} />}
              loading={resending}
              onClick={onResend}
            >
              Reenviar
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <Fact label="Ocorrido em" value={formatDateTime(d.ocorrido_em)} />
          <Fact label="Código HTTP" value={d.http_status === null ? '—' : String(d.http_status)} />
          <Fact label="Tentativas" value={String(d.tentativas)} />
          <Fact
            label={d.status === 'enviada' ? 'Enviada em' : 'Próxima tentativa'}
            value={
              d.status === 'enviada'
                ? formatDateTime(d.enviada_em)
                : d.proxima_tentativa_em
                  ? formatDateTime(d.proxima_tentativa_em)
                  : '—'
            }
          />
        </SimpleGrid>
        {d.ultimo_erro && (
          <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
            {d.ultimo_erro}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The delivery log of one webhook, newest first, with "Reenviar" per delivery. */
export function WebhookDeliveriesModal({
  webhook,
  onClose,
}: {
  webhook: Webhook;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const [page, setPage] = useState(1);
  const query = useWebhookDeliveries(webhook.id, page);
  const resend = useResendWebhookDelivery(webhook.id);
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / DELIVERIES_PER_PAGE));
  return (
    <Modal opened onClose={onClose} title="Entregas do webhook" size="xl" fullScreen={phone}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {webhook.url}
        </Text>
        {query.isError ? (
          <ListError message={query.error.message} onRetry={() => void query.refetch()} />
        ) : !query.data ? (
          <ListLoading rows={3} height={90} />
        ) : query.data.items.length === 0 ? (
          <ListEmpty
            icon={<IconSend size={24} />}
            title="Nenhuma entrega ainda"
            hint="Elas aparecem aqui quando um dos eventos escolhidos acontece."
          />
        ) : (
          <Stack gap="xs">
            {query.data.items.map((d) => (
              <DeliveryCard
                key={d.id}
                d={d}
                resending={resend.isPending && resend.variables === d.id}
                onResend={() => resend.mutate(d.id)}
              />
            ))}
          </Stack>
        )}
        {pages > 1 && (
          <Pagination value={page} onChange={setPage} total={pages} size="sm" mx="auto" />
        )}
      </Stack>
    </Modal>
  );
}
