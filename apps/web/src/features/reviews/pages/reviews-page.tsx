import type { ReviewItem } from '@eproto/domain';
import { Badge, Group, Pagination, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useState } from 'react';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { useApproveReview } from '../api/approve-review.ts';
import { useContractAccess } from '../../../components/pickers/contract-access.ts';
import { useReviews } from '../api/get-reviews.ts';
import { useRejectReview } from '../api/reject-review.ts';
import { RejectModal } from '../components/reject-modal.tsx';
import { ReviewList } from '../components/review-list.tsx';
import { contractOption } from '../../../components/pickers/contract-label.ts';

const PER_PAGE = 20;

/** /eproto/reviews — tasks waiting for a manager's approval, by contract. */
export default function ReviewsPage() {
  const [contractId, setContractId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<ReviewItem | null>(null);
  const contracts = useContractAccess();
  const query = useReviews({
    contract_id: contractId ? Number(contractId) : undefined,
    page,
    perPage: PER_PAGE,
  });
  const approve = useApproveReview();
  const reject = useRejectReview();
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1;
  const busyId = approve.isPending ? (approve.variables?.id ?? null) : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Group gap="xs" align="center">
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              Revisões
            </Title>
            {data && data.total > 0 && (
              <Badge
                variant="light"
                color="yellow"
                size="lg"
                aria-label={`${data.total} pendentes`}
              >
                {data.total}
              </Badge>
            )}
          </Group>
          <Text c="dimmed" size="sm">
            Tarefas enviadas para revisão que aguardam a aprovação de um gestor.
          </Text>
        </div>
        <Select
          aria-label="Filtrar por contrato"
          placeholder="Todos os contratos"
          data={(contracts.data?.contracts ?? []).map(contractOption)}
          value={contractId}
          onChange={(v) => {
            setContractId(v);
            setPage(1);
          }}
          clearable
          searchable
          nothingFoundMessage="Nenhum contrato"
          w={{ base: '100%', sm: 280 }}
        />
      </Group>

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          {query.isPending ? (
            <ListLoading />
          ) : query.isError ? (
            <ListError message={query.error.message} onRetry={() => void query.refetch()} />
          ) : data && data.items.length === 0 ? (
            <ListEmpty
              icon={<IconChecklist size={24} />}
              title="Nenhuma revisão pendente"
              hint={
                contractId
                  ? 'Nada aguardando aprovação neste contrato.'
                  : 'Quando a equipe mover uma tarefa para Em revisão, ela aparece aqui.'
              }
            />
          ) : (
            data && (
              <ReviewList
                items={data.items}
                busyId={busyId}
                onApprove={(item) => approve.mutate({ id: item.id, titulo: item.titulo })}
                onReject={setRejecting}
              />
            )
          )}
          {data && pages > 1 && (
            <Group justify="flex-end">
              <Pagination total={pages} value={page} onChange={setPage} size="sm" />
            </Group>
          )}
        </Stack>
      </Paper>

      <RejectModal
        item={rejecting}
        onClose={() => setRejecting(null)}
        onReject={(item, comment) => reject.mutate({ id: item.id, comment, titulo: item.titulo })}
      />
    </Stack>
  );
}
