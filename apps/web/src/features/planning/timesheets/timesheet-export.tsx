import { todayIn } from '@eproto/domain';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';

import { DateField, isValidDate } from '../../../components/date-field.tsx';
import { contractOption } from '../../../components/pickers/contract-label.ts';

const url = (q: Record<string, string | number>) =>
  `/api/eproto/horas/exportar?${new URLSearchParams(
    Object.entries(q).map(([k, v]) => [k, String(v)]),
  ).toString()}`;

/** "Exportar XLSX": the shown person's hours, or one contract's (approvers), over a period. */
export function TimesheetExport({
  person,
  contracts,
}: {
  person: { id: number; nome: string };
  contracts: { id: number; codigo: string; nome: string }[];
}) {
  const today = todayIn();
  const [de, setDe] = useState<string | null>(`${today.slice(0, 8)}01`);
  const [ate, setAte] = useState<string | null>(today);
  const [contrato, setContrato] = useState<string | null>(null);
  const period = isValidDate(de) && isValidDate(ate) && de <= ate ? { de, ate } : null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Title order={3} fz="md">
          Exportar XLSX
        </Title>
        <SimpleGrid cols={{ base: 2, sm: contracts.length ? 3 : 2 }} spacing="sm">
          <DateField label="De" value={de} onChange={setDe} />
          <DateField label="Até" value={ate} onChange={setAte} />
          {contracts.length > 0 && (
            <Select
              label="Contrato"
              placeholder="Escolha"
              data={contracts.map(contractOption)}
              value={contrato}
              onChange={setContrato}
              searchable
              comboboxProps={{ withinPortal: true }}
            />
          )}
        </SimpleGrid>
        <Group gap="sm">
          <Button
            variant="default"
            component="a"
            href={period ? url({ ...period, user_id: person.id }) : undefined}
            download
            disabled={!period}
            leftSection={<IconFileSpreadsheet size={18} />}
          >
            Horas de {person.nome.split(' ')[0]}
          </Button>
          {contracts.length > 0 && (
            <Button
              variant="default"
              component="a"
              href={period && contrato ? url({ ...period, contract_id: contrato }) : undefined}
              download
              disabled={!period || !contrato}
              leftSection={<IconFileSpreadsheet size={18} />}
            >
              Horas do contrato
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
