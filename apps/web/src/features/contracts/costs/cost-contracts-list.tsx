import { countOf, monthLabel, type ContractCostSummary, type ContractStatus } from '@eproto/domain';
import { Box, Button, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChartBar, IconFileSpreadsheet, IconReceipt } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';

import { ListView, type ListColumn } from '../../../components/list-page.tsx';
import { contractCostXlsxUrl } from '../api/get-contract-cost.ts';
import { COST_LIST_PAGE, useContractCosts } from '../api/get-contract-costs.ts';
import { ContractStatusBadge } from '../components/contract-status-badge.tsx';
import { ContractsToolbar } from '../components/contracts-toolbar.tsx';
import { formatMoney } from '../utils/format.ts';

const pct = (v: number) => `${Math.round(v * 100)}%`;
const usedColor = (v: number) => (v > 1 ? 'red' : v > 0.8 ? 'orange' : 'blue');

/** Share of the budget used: a bar and its percentage, or why there is none. */
function Used({ row }: { row: ContractCostSummary }) {
  if (row.usado === null) {
    return (
      <Text size="sm" c="dimmed">
        Sem orçamento
      </Text>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress
        value={Math.min(100, row.usado * 100)}
        color={usedColor(row.usado)}
        size="md"
        radius="xl"
        flex="1 1 60px"
        miw={60}
        aria-label={`${pct(row.usado)} do orçamento de ${row.contrato.codigo} usado`}
      />
      <Text size="sm" fw={600} miw={40} ta="right">
        {pct(row.usado)}
      </Text>
    </Group>
  );
}

const period = (r: ContractCostSummary) =>
  r.de === r.ate ? monthLabel(r.de) : `${monthLabel(r.de)} a ${monthLabel(r.ate)}`;

function Actions({ row, onOpen }: { row: ContractCostSummary; onOpen: (id: number) => void }) {
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconChartBar size={16} />}
        onClick={() => onOpen(row.contrato.id)}
        aria-label={`Ver custos de ${row.contrato.codigo}`}
      >
        Ver custos
      </Button>
      <Button
        size="xs"
        variant="default"
        component="a"
        href={contractCostXlsxUrl(row)}
        download
        leftSection={<IconFileSpreadsheet size={16} />}
        aria-label={`Exportar XLSX de ${row.contrato.codigo}`}
      >
        XLSX
      </Button>
    </Group>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </div>
  );
}

/**
 * The contracts in the caller's reach with budget, actual cost and the share used (the cost
 * dashboard's default period), each opening its dashboard or downloading its XLSX.
 */
export function CostContractsList({
  onOpen,
  actions,
}: {
  onOpen: (id: number) => void;
  /** Buttons at the end of the filter bar ("Taxas de custo"). */
  actions?: ReactNode;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<ContractStatus | null>(null);
  const [page, setPage] = useState(1);
  const list = useContractCosts(q, status, page);

  const columns: ListColumn<ContractCostSummary>[] = [
    {
      header: 'Contrato',
      cell: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {r.contrato.codigo} — {r.contrato.nome}
          </Text>
          <Text size="xs" c="dimmed">
            {r.contrato.cliente}
          </Text>
        </Stack>
      ),
    },
    { header: 'Status', cell: (r) => <ContractStatusBadge status={r.contrato.status} /> },
    { header: 'Orçamento', right: true, nowrap: true, cell: (r) => formatMoney(r.contrato.valor) },
    {
      header: 'Custo real',
      right: true,
      nowrap: true,
      cell: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {formatMoney(r.custo)}
          </Text>
          <Text size="xs" c="dimmed">
            {period(r)}
          </Text>
        </Stack>
      ),
    },
    { header: 'Usado', w: 170, cell: (r) => <Used row={r} /> },
    { header: 'Saldo', right: true, nowrap: true, cell: (r) => formatMoney(r.saldo) },
    { header: '', right: true, cell: (r) => <Actions row={r} onOpen={onOpen} /> },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Box flex="1 1 560px">
          <ContractsToolbar
            search={search}
            onSearch={(v) => {
              setSearch(v);
              setPage(1);
            }}
            status={status}
            onStatus={(s) => {
              setStatus(s);
              setPage(1);
            }}
          />
        </Box>
        {actions}
      </Group>
      <ListView
        query={list}
        items={list.data?.items}
        rowKey={(r) => r.contrato.id}
        columns={columns}
        minWidth={960}
        testId="cost-contract"
        card={(r) => (
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={0}>
                <Text fw={600}>
                  {r.contrato.codigo} — {r.contrato.nome}
                </Text>
                <Text size="xs" c="dimmed">
                  {r.contrato.cliente} · {period(r)}
                </Text>
              </Stack>
              <ContractStatusBadge status={r.contrato.status} />
            </Group>
            <SimpleGrid cols={3} spacing="xs">
              <Figure label="Orçamento" value={formatMoney(r.contrato.valor)} />
              <Figure label="Custo real" value={formatMoney(r.custo)} />
              <Figure label="Saldo" value={formatMoney(r.saldo)} />
            </SimpleGrid>
            <Used row={r} />
            <Actions row={r} onOpen={onOpen} />
          </Stack>
        )}
        empty={{
          icon: <IconReceipt size={24} />,
          title: q || status ? 'Nenhum contrato encontrado' : 'Nenhum contrato',
          hint:
            q || status
              ? 'Ajuste a busca ou o filtro de status.'
              : 'Você ainda não está vinculado a nenhum contrato.',
        }}
        pagination={{
          page,
          perPage: COST_LIST_PAGE,
          total: list.data?.total ?? 0,
          onPage: setPage,
          count: (n) => countOf(n, 'contrato', 'contratos'),
        }}
      />
    </Stack>
  );
}
