import { countOf } from '@eproto/domain';
import type { ActivityQuery } from '@eproto/domain';
import {
  Alert,
  Button,
  Center,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';

import { useActivity } from '../api/get-activity.ts';
import { useExportActivity, type ExportFormat } from '../api/export-activity.ts';
import { ActivityFilters, type ActivityFilterValues } from '../components/activity-filters.tsx';
import { ActivityTable } from '../components/activity-table.tsx';

const PER_PAGE = 50;
const NO_FILTER: ActivityFilterValues = { userId: null, action: null, period: [null, null] };

function toQuery(f: ActivityFilterValues): Omit<ActivityQuery, 'page' | 'perPage'> {
  const [from, to] = f.period;
  return {
    userId: f.userId ? Number(f.userId) : undefined,
    action: f.action ?? undefined,
    from: from ?? undefined,
    to: to ?? from ?? undefined,
  };
}

/** /users/activity — who did what, on which object, when and from where (ti only). */
export default function ActivityPage() {
  const [filters, setFilters] = useState<ActivityFilterValues>(NO_FILTER);
  const [page, setPage] = useState(1);
  const filter = toQuery(filters);
  const query = useActivity({ ...filter, page, perPage: PER_PAGE });
  const exporter = useExportActivity();
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1;
  const download = (format: ExportFormat) => exporter.mutate({ filter, format });
  const busy = (format: ExportFormat) => exporter.isPending && exporter.variables.format === format;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            Atividade de Usuários
          </Title>
          <Text c="dimmed" size="sm">
            Logins, falhas de login, logouts e todas as alterações feitas no E-Proto.
          </Text>
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconFileTypeCsv size={18} />}
            onClick={() => download('csv')}
            loading={busy('csv')}
          >
            Exportar CSV
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={18} />}
            onClick={() => download('xlsx')}
            loading={busy('xlsx')}
          >
            Exportar XLSX
          </Button>
        </Group>
      </Group>

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <ActivityFilters
            value={filters}
            onChange={(f) => {
              setFilters(f);
              setPage(1);
            }}
          />
          {query.isPending ? (
            <Stack gap={6} role="status" aria-busy="true" aria-label="Carregando...">
              {Array.from({ length: 8 }, (_, i) => (
                <Skeleton key={i} height={36} radius="sm" />
              ))}
            </Stack>
          ) : query.isError ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title="Erro ao carregar"
            >
              <Text size="sm" mb="sm">
                {query.error.message}
              </Text>
              <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
                Tentar novamente
              </Button>
            </Alert>
          ) : data && data.items.length === 0 ? (
            <Center py={40}>
              <Text c="dimmed" ta="center">
                Nenhuma atividade encontrada para estes filtros.
              </Text>
            </Center>
          ) : (
            data && <ActivityTable entries={data.items} />
          )}
          {data && data.total > 0 && (
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                {countOf(data.total, 'registro', 'registros')}
              </Text>
              {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
