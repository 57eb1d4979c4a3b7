import { Alert, Badge, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useParams } from 'react-router';

import { Logo } from '../../../components/logo.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useAssetReportStatus } from '../api/report-asset-problem.ts';

/**
 * /ativo/relato/:token — public: the state of a problem reported on an asset's page (protocol,
 * tag, state in plain words, dates); nothing internal.
 */
export default function AssetReportPage() {
  const { token = '' } = useParams();
  const query = useAssetReportStatus(token);
  const r = query.data;

  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-body)">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560} w="100%">
        <Stack gap="md">
          <Logo size={30} />
          <Title order={1} fz={{ base: 20, sm: 24 }}>
            Acompanhar relato
          </Title>
          {query.isPending ? (
            <Center py="lg">
              <Loader />
            </Center>
          ) : query.isError ? (
            <Alert color="gray" icon={<IconAlertTriangle size={20} />}>
              {query.error.status === 404 || query.error.status === 400
                ? 'Relato não encontrado: confira o link.'
                : query.error.message}
            </Alert>
          ) : (
            r && (
              <Stack gap="sm" data-testid="report-status">
                <Group justify="space-between" wrap="wrap">
                  <Text fw={600}>Protocolo {r.protocolo}</Text>
                  <Badge size="lg" color={r.concluido ? 'teal' : 'blue'} variant="light">
                    {r.situacao}
                  </Badge>
                </Group>
                <Text size="sm">Equipamento {r.tag}</Text>
                <Text size="sm" c="dimmed">
                  Enviado em {formatDateTime(r.enviado_em)} · atualizado em{' '}
                  {formatDateTime(r.atualizado_em)}
                </Text>
              </Stack>
            )
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
