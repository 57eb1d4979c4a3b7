import type { ContractStatus } from '@eproto/domain';
import { can, canAccess } from '@eproto/domain';
import { Button, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileDescription, IconSettings } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { PageHeader } from '../../../components/page-header.tsx';
import { subjectOf } from '../../../lib/permission-subject.ts';
import { useSession } from '../../../lib/session.ts';
import { useBuscaParam } from '../../../lib/use-busca-param.ts';
import { useContracts } from '../api/get-contracts.ts';
import { ContractProgressCard } from '../components/contract-progress-card.tsx';
import { ContractsToolbar } from '../components/contracts-toolbar.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';

// The cost dashboard (charts, tables, rates) is its own chunk, loaded when its tab opens.
const ContractCostsTab = lazy(() => import('../costs/contract-costs-tab.tsx'));

/** /eproto/contracts — contracts with their demands and progress (gerente, diretoria, ti, administrador). */
export default function ContractsOverviewPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
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
  const costs = can(subjectOf(user), 'contracts.cost');
  const tab = costs && params.get('aba') === 'custos' ? 'custos' : 'andamento';
  const costContract = Number(params.get('contrato')) || null;
  const setParam = (key: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const progress = (
    <Stack gap="lg">
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
            <ContractProgressCard
              key={c.id}
              contract={c}
              costsLink={costs ? `?aba=custos&contrato=${c.id}` : undefined}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Contratos (E-Proto)"
        description={
          costs
            ? 'Andamento das demandas e custo de cada contrato.'
            : 'Andamento das demandas de cada contrato.'
        }
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
      {costs ? (
        <Tabs value={tab} onChange={(v) => setParam('aba', v === 'custos' ? 'custos' : null)}>
          <Tabs.List mb="md">
            <Tabs.Tab value="andamento">Andamento</Tabs.Tab>
            <Tabs.Tab value="custos">Custos</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="andamento">{tab === 'andamento' && progress}</Tabs.Panel>
          <Tabs.Panel value="custos">
            {tab === 'custos' && (
              <Suspense fallback={<ListLoading rows={3} height={120} />}>
                <ContractCostsTab
                  contractId={costContract}
                  onContract={(id) => setParam('contrato', id === null ? null : String(id))}
                />
              </Suspense>
            )}
          </Tabs.Panel>
        </Tabs>
      ) : (
        progress
      )}
    </Stack>
  );
}
