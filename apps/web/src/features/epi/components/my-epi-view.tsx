import type { EpiDelivery, RequestStatus } from '@eproto/domain';
import {
  DELIVERY_REASON_LABELS,
  epiSize,
  epiSizeShort,
  REQUEST_STATUS_LABELS,
} from '@eproto/domain';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconFileText, IconRefresh, IconShieldCheck } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';

import { PageHeader } from '../../../components/page-header.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useSession } from '../../../lib/session.ts';
import { PendingBadge } from '../../../components/offline/pending-badge.tsx';
import { UpdatedAt } from '../../../components/offline/updated-at.tsx';
import { useConfirmDelivery } from '../api/confirm-delivery.ts';
import { useMyDeliveries } from '../api/get-my-deliveries.ts';
import { useMyEpiRequests } from '../api/get-my-requests.ts';
import { usePendingReplacement } from '../api/request-replacement.ts';
import { DeliveryStatusBadge } from './epi-labels.tsx';

// The replacement form (Modal, Select: ~45 KB gzip with floating-ui) downloads with the first
// "Solicitar troca", not with Meus EPIs.
const ReplacementModal = lazy(() =>
  import('./replacement-modal.tsx').then((m) => ({ default: m.ReplacementModal })),
);

const REQUEST_COLOR: Record<RequestStatus, string> = {
  aberta: 'blue',
  em_analise: 'yellow',
  aprovada: 'teal',
  recusada: 'red',
  atendida: 'gray',
};

function DeliveryCard({ d, onReplace }: { d: EpiDelivery; onReplace: () => void }) {
  const confirm = useConfirmDelivery();
  // A replacement asked without signal shows at once, marked until the server has it.
  const queued = usePendingReplacement(d.id);
  const waiting = queued.filter((w) => w.state !== 'attention');
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <div>
          <Text fw={600}>
            {d.quantidade > 1 ? `${d.quantidade} × ` : ''}
            {d.item.nome}
          </Text>
          <Text size="xs" c="dimmed">
            Tamanho {epiSize(d.item.tamanho)} · CA {d.item.ca_numero}
          </Text>
        </div>
        <DeliveryStatusBadge status={d.status} />
      </Group>
      <Text size="sm" mt={6}>
        Entregue em {formatDate(d.data)} ({DELIVERY_REASON_LABELS[d.motivo].toLowerCase()})
        {d.entregue_por ? ` por ${d.entregue_por.nome}` : ''}
      </Text>
      {d.status !== 'devolvida' && (
        <Group gap={6} mt={4}>
          <Text size="sm" c="dimmed">
            Troca prevista: {formatDate(d.troca_prevista)}
          </Text>
          {d.troca_situacao && (
            <Badge
              size="sm"
              color={d.troca_situacao === 'vencido' ? 'red' : 'yellow'}
              variant="light"
            >
              {d.troca_situacao === 'vencido' ? 'Trocar' : 'Em breve'}
            </Badge>
          )}
        </Group>
      )}
      {d.status === 'pendente' && (
        <Button
          fullWidth
          mt="sm"
          size="md"
          leftSection={<IconCheck size={18} />}
          loading={confirm.isPending}
          onClick={() => confirm.mutate({ id: d.id, nome: d.item.nome })}
        >
          Confirmar recebimento
        </Button>
      )}
      {d.status === 'confirmada' &&
        (d.substituicao_solicitada || waiting.length > 0 ? (
          <Group gap="xs" mt="sm" data-testid="epi-replacement-asked">
            <Text size="sm" c="dimmed">
              Troca solicitada — aguardando atendimento.
            </Text>
            {queued.length > 0 && <PendingBadge attention={waiting.length === 0} />}
          </Group>
        ) : (
          <Button
            fullWidth
            mt="sm"
            variant="light"
            leftSection={<IconRefresh size={18} />}
            onClick={onReplace}
          >
            Solicitar troca
          </Button>
        ))}
    </Card>
  );
}

/** "Meus EPIs": the signed-in person's EPIs, receipts to confirm, replacement requests. */
export function MyEpiView({ showTitle = true }: { showTitle?: boolean }) {
  const { user } = useSession();
  const query = useMyDeliveries();
  const requests = useMyEpiRequests();
  const [replacing, setReplacing] = useState<EpiDelivery | null>(null);
  // Mounted from the first use on, so closing it still plays Mantine's transition.
  const [replaceUsed, setReplaceUsed] = useState(false);
  if (replacing && !replaceUsed) setReplaceUsed(true);
  const items = query.data?.items ?? [];
  const pending = items.filter((d) => d.status === 'pendente');
  const active = items.filter((d) => d.status === 'confirmada');
  const returned = items.filter((d) => d.status === 'devolvida');

  return (
    <Stack gap="lg">
      {showTitle && (
        <PageHeader title="Meus EPIs" description="Equipamentos de proteção entregues a você.">
          {user && (
            <Button
              component={Link}
              to={`/tatico/epi?ficha=${user.id}`}
              variant="default"
              leftSection={<IconFileText size={16} />}
            >
              Minha ficha
            </Button>
          )}
        </PageHeader>
      )}
      <UpdatedAt at={query.dataUpdatedAt} />
      {query.isPending ? (
        <ListLoading rows={3} height={120} />
      ) : query.isError ? (
        <ListError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <ListEmpty
          icon={<IconShieldCheck size={24} />}
          title="Nenhum EPI entregue a você"
          hint="Quando receber um EPI, ele aparece aqui para você confirmar."
        />
      ) : (
        <>
          {pending.length > 0 && (
            <Stack gap="sm">
              <Title order={3} fz={17}>
                Confirme o recebimento ({pending.length})
              </Title>
              {pending.map((d) => (
                <DeliveryCard key={d.id} d={d} onReplace={() => setReplacing(d)} />
              ))}
            </Stack>
          )}
          {active.length > 0 && (
            <Stack gap="sm">
              <Title order={3} fz={17}>
                Em uso
              </Title>
              {active.map((d) => (
                <DeliveryCard key={d.id} d={d} onReplace={() => setReplacing(d)} />
              ))}
            </Stack>
          )}
          {returned.length > 0 && (
            <Stack gap="xs">
              <Title order={3} fz={17}>
                Devolvidos
              </Title>
              {returned.map((d) => (
                <Text key={d.id} size="sm" c="dimmed">
                  {d.item.nome} ({epiSizeShort(d.item.tamanho)}) — devolvido em{' '}
                  {formatDate(d.devolucao_data)}
                </Text>
              ))}
            </Stack>
          )}
        </>
      )}
      <Stack gap="xs">
        <Title order={3} fz={17}>
          Minhas solicitações de EPI
        </Title>
        {requests.isPending ? (
          <ListLoading rows={2} height={40} />
        ) : requests.isError ? (
          <ListError message={requests.error.message} onRetry={() => void requests.refetch()} />
        ) : requests.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma solicitação. Use “Solicitar troca” em um EPI em uso.
          </Text>
        ) : (
          requests.data.items.map((r) => (
            <Card key={r.id} withBorder radius="md" padding="sm">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={500}>
                  Solicitação #{r.id}
                </Text>
                <Badge color={REQUEST_COLOR[r.status]} variant="light">
                  {REQUEST_STATUS_LABELS[r.status]}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {formatDate(r.created_at)} · {r.descricao}
              </Text>
            </Card>
          ))
        )}
      </Stack>
      {replaceUsed && (
        <Suspense fallback={null}>
          <ReplacementModal delivery={replacing} onClose={() => setReplacing(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
