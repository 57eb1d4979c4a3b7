import { Button, Group, Paper, ScrollArea, Select, Table, Text } from '@mantine/core';
import { IconDownload, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { matrixXlsxUrl, useSstMatrix } from '../api/get-matrix.ts';
import { SstStateBadge } from './sst-state-badge.tsx';

/** "Matriz de SST": people x requirements with colours, by function, exported as XLSX. */
export function MatrixView() {
  const [funcao, setFuncao] = useState<string | null>(null);
  const m = useSstMatrix(funcao);
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" mb="sm" gap="sm">
        <Select
          placeholder="Todas as funções"
          aria-label="Função"
          clearable
          data={m.data?.funcoes ?? []}
          value={funcao}
          onChange={setFuncao}
          w={{ base: '100%', xs: 240 }}
        />
        <Button
          component="a"
          href={matrixXlsxUrl(funcao)}
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
        <ListEmpty icon={<IconUsers size={28} />} title="Ninguém com esta função" />
      ) : (
        <ScrollArea type="auto">
          <Table striped withTableBorder stickyHeader miw={900} verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Pessoa</Table.Th>
                {m.data.colunas.map((c) => (
                  <Table.Th key={c.key}>{c.rotulo}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {m.data.linhas.map((l) => (
                <Table.Tr key={l.pessoa.id}>
                  <Table.Td>
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
                    <Table.Td key={c.coluna}>
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
