import type { ContractStatus } from '@eproto/domain';
import { canAccess } from '@eproto/domain';
import { Button, SimpleGrid, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileDescription, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { PageHeader } from '../../../components/page-header.tsx';
import { useSession } from '../../../lib/session.ts';
import { useBuscaParam } from '../../../lib/use-busca-param.ts';
import { useContracts } from '../api/get-contracts.ts';
import { ContractProgressCard } from '../components/contract-progress-card.tsx';
import { ContractsToolbar } from '../components/contracts-toolbar.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';

/** /eproto/contracts — contracts with their demands and progress (gerente, diretoria, ti, administrador). */
export default function ContractsOverviewPage() {
  const { user } = useSession();
  const [params] = useSearchParams();
  const linked = params.get('busca');
  const [search, setSearch] = useState(linked ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // A link with ?busca= (the global search) looks for that contract in every status.
  const [status, setStatus] = useState<ContractStatus | null>(linked === null ? 'ativo' : null);
  useBuscaParam((text) => {
    setSearch(text);
    setStatus(null);
  });
  const list = useContracts(debounced, status);
  const admin = canAccess(user?.rawType ?? user?.type, '/contracts');

  return (
    <Stack gap="lg">
      <PageHeader
        title="Contratos (E-Proto)"
        description="Andamento das demandas de cada contrato."
      >
        {admin && (
          <Button
            component={Link}
            to="/contracts"
            variant="default"
            leftSection={<IconSettings size={18} />}
          >
            Administrar contratos
          </Button>
        )}
      </PageHeader>
      <ContractsToolbar search={search} onSearch={setSearch} status={status} onStatus={setStatus} />
      {list.isPending ? (
        <ListLoading rows={3} height={180} />
      ) : list.isError ? (
        <ListError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <ListEmpty
          icon={<IconFileDescription size={24} />}
          title="Nenhum contrato encontrado"
          hint={
            debounced || status
              ? 'Ajuste a busca ou o filtro de status.'
              : 'Você ainda não está vinculado a nenhum contrato.'
          }
        />
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {list.data.map((c) => (
            <ContractProgressCard key={c.id} contract={c} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
