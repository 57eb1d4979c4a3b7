import type { Contract, ContractStatus } from '@eproto/domain';
import { Button, Paper, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileDescription, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { PageHeader } from '../../../components/page-header.tsx';
import { useBuscaParam } from '../../../lib/use-busca-param.ts';
import { useContractPages } from '../api/get-contracts.ts';
import { ContractFormModal } from '../components/contract-form-modal.tsx';
import { ContractPeopleDrawer } from '../components/contract-people-drawer.tsx';
import { ContractsAdminTable } from '../components/contracts-admin-table.tsx';
import { ContractsToolbar } from '../components/contracts-toolbar.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { LoadMore, loadMoreOf } from '../../../components/load-more.tsx';

/** /contracts (ti) — contracts and who is linked to each. */
export default function ContractsAdminPage() {
  const [params] = useSearchParams();
  const [search, setSearch] = useState(params.get('busca') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<ContractStatus | null>(null);
  useBuscaParam((text) => {
    setSearch(text);
    setStatus(null);
  });
  const [form, setForm] = useState<{ contract: Contract | null } | null>(null);
  const [people, setPeople] = useState<Contract | null>(null);
  const list = useContractPages(debounced, status);
  const shown = list.data?.pages.flatMap((p) => p.items);
  // The drawer keeps showing the latest counters after a link changes.
  const peopleContract = people ? (shown?.find((c) => c.id === people.id) ?? people) : null;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Contratos"
        description="Cadastro de contratos e das pessoas vinculadas a cada um."
      >
        <Button leftSection={<IconPlus size={18} />} onClick={() => setForm({ contract: null })}>
          Novo contrato
        </Button>
      </PageHeader>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <ContractsToolbar
            search={search}
            onSearch={setSearch}
            status={status}
            onStatus={setStatus}
          />
          {list.isPending ? (
            <ListLoading rows={6} height={52} />
          ) : !shown ? (
            <ListError message={list.error?.message ?? ''} onRetry={() => void list.refetch()} />
          ) : shown.length === 0 ? (
            <ListEmpty
              icon={<IconFileDescription size={24} />}
              title="Nenhum contrato encontrado"
              hint={
                debounced || status
                  ? 'Ajuste a busca ou o filtro de status.'
                  : 'Cadastre o primeiro contrato da empresa.'
              }
            />
          ) : (
            <>
              <ContractsAdminTable
                contracts={shown}
                onEdit={(c) => setForm({ contract: c })}
                onPeople={setPeople}
              />
              <LoadMore {...loadMoreOf(list, shown.length, ['contrato', 'contratos'])} />
            </>
          )}
        </Stack>
      </Paper>
      <ContractFormModal
        opened={form !== null}
        contract={form?.contract ?? null}
        onClose={() => setForm(null)}
      />
      <ContractPeopleDrawer contract={peopleContract} onClose={() => setPeople(null)} />
    </Stack>
  );
}
