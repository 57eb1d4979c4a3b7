import { assetPagePath } from '@eproto/domain';
import { Alert, Button, Center, Divider, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';

import { Logo } from '../../../components/logo.tsx';
import { useAssetPublic } from '../api/get-asset-public.ts';
import { AssetReportForm } from '../components/asset-report-form.tsx';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </div>
  );
}

/**
 * /ativo/:codigo — what an asset's QR label opens, without sign-in: its tag, type and site
 * only. Someone signed in who may open the asset gets "Abrir no E-Proto".
 */
export default function AssetPublicPage() {
  const { codigo = '' } = useParams();
  const query = useAssetPublic(codigo);
  const a = query.data;

  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-body)">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560} w="100%">
        <Stack gap="md">
          <Logo size={30} />
          <Title order={1} fz={{ base: 20, sm: 24 }}>
            {a ? `Equipamento ${a.tag}` : 'Equipamento'}
          </Title>
          {query.isPending ? (
            <Center py="lg">
              <Loader />
            </Center>
          ) : query.isError ? (
            <Alert color="gray" icon={<IconAlertTriangle size={20} />} data-testid="asset-public">
              {query.error.status === 404 || query.error.status === 400
                ? 'Etiqueta não encontrada: este equipamento não está mais cadastrado. Confira o endereço ou aponte a câmera para o QR de novo.'
                : query.error.message}
            </Alert>
          ) : (
            a && (
              <Stack gap="md" data-testid="asset-public">
                <Fact label="Tag" value={a.tag} />
                <Fact label="Tipo" value={a.tipo} />
                <Fact label="Local" value={a.local} />
                {a.interno_id !== null && (
                  <Button
                    component={Link}
                    to={assetPagePath(a.interno_id)}
                    leftSection={<IconExternalLink size={18} />}
                  >
                    Abrir no E-Proto
                  </Button>
                )}
                <Divider />
                {a.relatos ? (
                  <AssetReportForm codigo={a.codigo} />
                ) : (
                  <Text size="sm" c="dimmed">
                    Este local não recebe relatos pela etiqueta. Para avisar sobre um problema, fale
                    com a administração do prédio.
                  </Text>
                )}
              </Stack>
            )
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
