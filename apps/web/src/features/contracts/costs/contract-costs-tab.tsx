import { clockHours, monthLabel, type ContractCost } from '@eproto/domain';
import {
  Alert,
  Button,
  Group,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconArrowLeft, IconCoin, IconFileSpreadsheet, IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { contractCostXlsxUrl, useContractCost } from '../api/get-contract-cost.ts';
import { useContracts } from '../api/get-contracts.ts';
import { formatMoney } from '../utils/format.ts';
import { CostContractsList } from './cost-contracts-list.tsx';
import { CostMonthTable, CostPeopleTable, LateItems } from './cost-tables.tsx';

// Recharts and the rates form load with their first use, not with the page.
const CostCharts = lazy(() => import('./cost-charts.tsx'));
const CostRatesDrawer = lazy(() => import('./cost-rates-drawer.tsx'));

const pct = (v: number) => `${Math.round(v * 100)}%`;

function Kpi({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="lg" p="sm">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fz={{ base: 18, sm: 22 }} fw={700} lh={1.3}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

function Summary({ report: r }: { report: ContractCost }) {
  const t = r.totais;
  const used = r.contrato.valor ? t.total / r.contrato.valor : null;
  const warnings = [
    t.minutos_pendentes > 0 &&
      `${clockHours(t.minutos_pendentes)} h em semanas ainda não aprovadas ficam fora do custo.`,
    t.minutos_sem_taxa > 0 &&
      `${clockHours(t.minutos_sem_taxa)} h aprovadas sem taxa de custo (contadas como R$ 0,00).`,
    t.itens_sem_custo > 0 &&
      `${t.itens_sem_custo === 1 ? '1 material ou EPI sem custo unitário' : `${t.itens_sem_custo} materiais ou EPIs sem custo unitário`} (contados como R$ 0,00).`,
  ].filter((w): w is string => typeof w === 'string');
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <Kpi label="Orçamento" value={formatMoney(r.contrato.valor)} />
        <Kpi
          label="Custo real"
          value={formatMoney(t.total)}
          hint={`${monthLabel(r.de)} a ${monthLabel(r.ate)}`}
        />
        <Kpi
          label="Saldo"
          value={formatMoney(t.saldo)}
          hint={used === null ? 'Contrato sem valor' : `${pct(used)} do orçamento usado`}
        />
        <Kpi
          label="No prazo"
          value={r.prazo.taxa === null ? '—' : pct(r.prazo.taxa)}
          hint={`${r.prazo.no_prazo} de ${r.prazo.concluidas} concluídas no prazo`}
        />
      </SimpleGrid>
      {used !== null && (
        <Progress
          value={Math.min(100, used * 100)}
          color={used > 1 ? 'red' : used > 0.8 ? 'orange' : 'blue'}
          size="lg"
          radius="xl"
          aria-label={`${pct(used)} do orçamento usado`}
        />
      )}
      {warnings.length > 0 && (
        <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />}>
          <Stack gap={2}>
            {warnings.map((w) => (
              <Text size="sm" key={w}>
                {w}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The "Custos" tab of /eproto/contracts (gerente, diretoria) and of finance's /eproto/murals:
 * without a contract, the contracts with budget, actual cost and share used; with one, its budget
 * against its actual cost, burn, cost by kind, OSs per month, on-time rate and late items, as
 * charts and tables, with the XLSX export. The hourly rates from both (docs/planning-cost.md).
 */
export default function ContractCostsTab({
  contractId,
  onContract,
}: {
  contractId: number | null;
  onContract: (id: number | null) => void;
}) {
  const contracts = useContracts('', null, contractId !== null);
  const report = useContractCost(contractId);
  const [ratesOpen, setRatesOpen] = useState(false);
  const ratesButton = (
    <Button
      variant="default"
      leftSection={<IconCoin size={18} />}
      onClick={() => setRatesOpen(true)}
    >
      Taxas de custo
    </Button>
  );
  return (
    <Stack gap="md">
      {contractId === null ? (
        <CostContractsList onOpen={onContract} actions={ratesButton} />
      ) : (
        <Group justify="space-between" align="flex-end" gap="sm">
          <Select
            label="Contrato"
            placeholder={contracts.isPending ? 'Carregando...' : 'Escolha um contrato'}
            data={(contracts.data ?? []).map((c) => ({
              value: String(c.id),
              label: `${c.codigo} — ${c.nome}`,
            }))}
            value={String(contractId)}
            onChange={(v) => onContract(v === null ? null : Number(v))}
            searchable
            nothingFoundMessage="Nenhum contrato encontrado."
            w={{ base: '100%', sm: 380 }}
            comboboxProps={{ withinPortal: true }}
          />
          <Group gap="sm">
            <Button
              variant="subtle"
              leftSection={<IconArrowLeft size={18} />}
              onClick={() => onContract(null)}
            >
              Todos os contratos
            </Button>
            {ratesButton}
            <Button
              variant="default"
              component="a"
              href={report.data ? contractCostXlsxUrl(report.data) : undefined}
              download
              disabled={!report.data}
              leftSection={<IconFileSpreadsheet size={18} />}
            >
              Exportar XLSX
            </Button>
          </Group>
        </Group>
      )}
      {contractId === null ? null : report.isPending ? (
        <ListLoading rows={3} height={120} />
      ) : report.isError ? (
        <ListError message={report.error.message} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <Summary report={report.data} />
          <Suspense fallback={<ListLoading rows={2} height={240} />}>
            <CostCharts report={report.data} />
          </Suspense>
          <CostMonthTable report={report.data} />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <CostPeopleTable report={report.data} />
            <LateItems report={report.data} />
          </SimpleGrid>
        </>
      )}
      {ratesOpen && (
        <Suspense fallback={null}>
          <CostRatesDrawer opened={ratesOpen} onClose={() => setRatesOpen(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
