import { assetPagePath } from '@eproto/domain';
import { Button, Divider, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';

import { PublicCard, PublicFact } from '../../../components/public-card.tsx';
import { useAssetPublic } from '../api/get-asset-public.ts';
import { AssetReportForm } from '../components/asset-report-form.tsx';

/**
 * /ativo/:codigo — what an asset's QR label opens, without sign-in: its tag, type and site
 * only. Someone signed in who may open the asset gets "Abrir no E-Proto".
 */
export default function AssetPublicPage() {
  const { codigo = '' } = useParams();
  const query = useAssetPublic(codigo);

  return (
    <PublicCard
      title={query.data ? `Equipamento ${query.data.tag}` : 'Equipamento'}
      query={query}
      notFound="Etiqueta não encontrada: este equipamento não está mais cadastrado. Confira o endereço ou aponte a câmera para o QR de novo."
      testId="asset-public"
    >
      {(a) => (
        <Stack gap="md" data-testid="asset-public">
          <PublicFact label="Tag" value={a.tag} />
          <PublicFact label="Tipo" value={a.tipo} />
          <PublicFact label="Local" value={a.local} />
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
              Este local não recebe relatos pela etiqueta. Para avisar sobre um problema, fale com a
              administração do prédio.
            </Text>
          )}
        </Stack>
      )}
    </PublicCard>
  );
}
