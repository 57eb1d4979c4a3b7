import type { EpiDelivery, RequestList, RequestStatus } from '@eproto/domain';
import { epiSizeShort, REQUEST_STATUS_LABELS } from '@eproto/domain';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconFileText, IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { lazy, memo, Suspense, useCallback, useDeferredValue, useState } from 'react';
import { Link } from 'react-router';

import { PageHeader } from '../../../components/page-header.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { PlainBadge } from '../../../components/plain-badge.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useSession } from '../../../lib/session.ts';
import { useAfterIdle } from '../../../lib/use-after-idle.ts';
import { UpdatedAt } from '../../../components/offline/updated-at.tsx';
import { useConfirmDelivery } from '../api/confirm-delivery.ts';
import { useMyDeliveries } from '../api/get-my-deliveries.ts';
import { useMyEpiRequests } from '../api/get-my-requests.ts';
import { usePendingReplacements } from '../api/request-replacement.ts';
import { DeliveryCard } from './delivery-card.tsx';
import classes from './delivery-card.module.css';

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

/**
 * The deliveries under their headings. Memoised: the page's other answers leave it; the outbox
 * is read here, once for every card.
 */
const Deliveries = memo(function Deliveries({
  items,
  onReplace,
}: {
  items: EpiDelivery[];
  onReplace: (d: EpiDelivery) => void;
}) {
  const queuedOf = usePendingReplacements();
  // One mutation for the list (its `mutate` is stable): the cards hold no hooks of their own.
  const confirm = useConfirmDelivery();
  const { mutate } = confirm;
  const onConfirm = useCallback(
    (d: EpiDelivery) => mutate({ id: d.id, nome: d.item.nome }),
    [mutate],
  );
  const confirmingId = confirm.isPending ? confirm.variables?.id : undefined;
  const card = (d: EpiDelivery) => (
    <DeliveryCard
      key={d.id}
      d={d}
      queued={queuedOf(d.id)}
      confirming={confirmingId === d.id}
      onConfirm={onConfirm}
      onReplace={onReplace}
    />
  );
  const pending = items.filter((d) => d.status === 'pendente');
  const active = items.filter((d) => d.status === 'confirmada');
  const returned = items.filter((d) => d.status === 'devolvida');
  return (
    <>
      {pending.length > 0 && (
        <Stack gap="sm">
          <Title order={3} fz={17}>
            Confirme o recebimento ({pending.length})
          </Title>
          {pending.map(card)}
        </Stack>
      )}
      {active.length > 0 && (
        <Stack gap="sm">
          <Title order={3} fz={17}>
            Em uso
          </Title>
          {active.map(card)}
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
  );
});

/** "Minhas solicitações de EPI" in plain markup (memoised: the deliveries' answer leaves it). */
const MyRequests = memo(function MyRequests({ list }: { list: RequestList }) {
  if (list.items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nenhuma solicitação. Use “Solicitar troca” em um EPI em uso.
      </Text>
    );
  return list.items.map((r) => (
    <div key={r.id} className={classes.card} data-padding="sm">
      <div className={classes.head} style={{ alignItems: 'center' }}>
        <p className={classes.sm} style={{ fontWeight: 500 }}>
          Solicitação #{r.id}
        </p>
        <PlainBadge color={REQUEST_COLOR[r.status]} radius="xl">
          {REQUEST_STATUS_LABELS[r.status]}
        </PlainBadge>
      </div>
      <p className={`${classes.xs} ${classes.dimmed} ${classes.clamp}`}>
        {formatDate(r.created_at)} · {r.descricao}
      </p>
    </div>
  ));
});

/** "Minhas solicitações de EPI": its query and its answer, rendered deferred (see MyEpiView). */
function RequestsSection() {
  const requests = useMyEpiRequests();
  const list = useDeferredValue(requests.data);
  if (requests.isError)
    return <ListError message={requests.error.message} onRetry={() => void requests.refetch()} />;
  return list === undefined ? <ListLoading rows={2} height={40} /> : <MyRequests list={list} />;
}

/**
 * "Meus EPIs": the signed-in person's EPIs, receipts to confirm, replacement requests, and
 * `children` under them (trainings, ASO, APRs to sign).
 */
export function MyEpiView({
  showTitle = true,
  children,
}: {
  showTitle?: boolean;
  children?: ReactNode;
}) {
  const { user } = useSession();
  const query = useMyDeliveries();
  const [replacing, setReplacing] = useState<EpiDelivery | null>(null);
  // Mounted from the first use on, so closing it still plays Mantine's transition.
  const [replaceUsed, setReplaceUsed] = useState(false);
  if (replacing && !replaceUsed) setReplaceUsed(true);
  // Each answer reaches here through TanStack Query's external store, an update React renders
  // in one uninterrupted task: deferred, the cards render in 5 ms slices (issue 33). Data kept
  // on the phone (second visit, offline) is the first value and renders at once.
  const deliveries = useDeferredValue(query.data);
  const items = deliveries?.items ?? [];
  const waiting = query.isPending || (deliveries === undefined && !query.isError);
  // Below the cards, the requests and `children` (their code, queries and answers: four more
  // requests on the phone's link) wait until the cards have settled and the thread idled.
  const below = useAfterIdle(!waiting);

  const view = (
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
      {waiting ? (
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
        <Deliveries items={items} onReplace={setReplacing} />
      )}
      <Stack gap="xs">
        <Title order={3} fz={17}>
          Minhas solicitações de EPI
        </Title>
        {below ? <RequestsSection /> : <ListLoading rows={2} height={40} />}
      </Stack>
      {replaceUsed && (
        <Suspense fallback={null}>
          <ReplacementModal delivery={replacing} onClose={() => setReplacing(null)} />
        </Suspense>
      )}
    </Stack>
  );
  return (
    <>
      {view}
      {below && children}
    </>
  );
}
