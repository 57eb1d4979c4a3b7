import { Button, Group, Paper, ScrollArea, Select, Table, Text } from '@mantine/core';
import { IconDownload, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { ContractSelect } from '../../../components/pickers/contract-select.tsx';
import { matrixXlsxUrl, useSstMatrix, type MatrixFilters } from '../api/get-matrix.ts';
import { SstStateBadge } from './sst-state-badge.tsx';

/** The person column stays in view while the requirements scroll sideways (phones). */
const STICKY = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  minWidth: 130,
  maxWidth: 170,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset -1px 0 0 var(--table-border-color)',
} as const;

/**
 * "Matriz de SST": people x requirements with colours, filtered by contract and function; the
 * XLSX export carries the same filters.
 */
export function MatrixView() {
  const [f, setF] = useState<MatrixFilters>({ funcao: null, contractId: null });
  const m = useSstMatrix(f);
  const filtered = f.funcao !== null || f.contractId !== null;
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
        <Group gap="sm" align="flex-end" w={{ base: '100%', sm: 'auto' }}>
          <ContractSelect
            placeholder="Todos os contratos"
            aria-label="Contrato"
            clearable
            value={f.contractId}
            onChange={(v) => setF((s) => ({ ...s, contractId: v }))}
            w={{ base: '100%', xs: 260 }}
          />
          <Select
            placeholder="Todas as funções"
            aria-label="Função"
            clearable
            data={m.data?.funcoes ?? []}
            value={f.funcao}
            onChange={(v) => setF((s) => ({ ...s, funcao: v }))}
            w={{ base: '100%', xs: 220 }}
          />
        </Group>
        <Button
          component="a"
          href={matrixXlsxUrl(f)}
          download
          variant="default"
          leftSection={<IconDownload size={16} />}
        >
          Exportar XLSX
        </Button>
      </Group>
      {m.isPending ? (
        <ListLoading />
      ) : m.isError ? (
        <ListError message={m.error.message} onRetry={() => void m.refetch()} />
      ) : m.data.linhas.length === 0 ? (
        <ListEmpty
          icon={<IconUsers size={28} />}
          title={filtered ? 'Ninguém com estes filtros' : 'Nenhuma pessoa de campo'}
        />
      ) : (
        <ScrollArea type="auto">
          <Table
            striped
            withTableBorder
            verticalSpacing={6}
            style={{ width: 'max-content', minWidth: '100%' }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th style={STICKY}>Pessoa</Table.Th>
                {m.data.colunas.map((c) => (
                  <Table.Th key={c.key} style={{ whiteSpace: 'nowrap' }}>
                    {c.rotulo}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {m.data.linhas.map((l) => (
                <Table.Tr key={l.pessoa.id}>
                  <Table.Td style={STICKY}>
                    <Text size="sm" fw={600}>
                      {l.pessoa.nome}
                    </Text>
                    {l.pessoa.funcao && (
                      <Text size="xs" c="dimmed">
                        {l.pessoa.funcao}
                      </Text>
                    )}
                  </Table.Td>
                  {l.celulas.map((c) => (
                    <Table.Td key={c.coluna} style={{ whiteSpace: 'nowrap' }}>
                      <SstStateBadge estado={c.estado} validade={c.validade} dias={c.dias} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Paper>
  );
}
