import { assetSite, type Asset } from '@eproto/domain';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconBuildingFactory2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useAsset } from '../api/get-asset.ts';
import { useAssetMaintenance } from '../api/get-asset-maintenance.ts';
import { AssetFacts } from '../components/asset-drawer.tsx';
import { AssetFilesSection } from '../components/asset-files.tsx';
import { AssetMeterSection } from '../components/asset-meter.tsx';
import { AssetStatusBadge } from '../components/asset-list.tsx';
import { AssetOpenOrders, AssetOsHistory, AssetPlannedDates } from '../components/asset-orders.tsx';
import { AssetYearGrid } from '../components/asset-year-grid.tsx';
import { ScanLabelButton } from '../components/scan-label-button.tsx';
import { contractLabel } from '../../../components/pickers/contract-label.ts';

const INT4_MAX = 2_147_483_647;

/** The id of the path, or null for anything that is not one (letters, 0, 0x10, 2^31…). */
export function assetIdParam(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= INT4_MAX ? n : null;
}

function BackLink() {
  return (
    <Anchor component={Link} to="/tatico/agenda?aba=ativos" size="sm" w="fit-content">
      <Group gap={4}>
        <IconArrowLeft size={16} /> Ativos
      </Group>
    </Anchor>
  );
}

function NotFound() {
  return (
    <ListEmpty
      icon={<IconBuildingFactory2 size={24} />}
      title="Ativo não encontrado"
      hint="Este ativo não existe ou não é de um contrato seu. Confira a etiqueta ou procure na lista de ativos."
    />
  );
}

function Header({ a, actions }: { a: Asset; actions: ReactNode }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title
            order={1}
            fz={{ base: 22, sm: 26 }}
            ff="monospace"
            style={{ overflowWrap: 'anywhere' }}
          >
            {a.tag}
          </Title>
          <Text size="sm" c="dimmed">
            {a.tipo.nome} · {assetSite(a) || 'Sem local'}
          </Text>
        </div>
        <Group gap="xs">{actions}</Group>
      </Group>
      <Group gap="xs">
        <AssetStatusBadge status={a.status} />
        <Text size="sm">{contractLabel(a.contrato)}</Text>
      </Group>
    </Stack>
  );
}

function Maintenance({ id }: { id: number }) {
  const query = useAssetMaintenance(id);
  if (query.isPending) return <ListLoading rows={3} height={72} />;
  if (query.isError)
    return <ListError message={query.error.message} onRetry={() => void query.refetch()} />;
  return (
    <>
      <AssetOpenOrders
        rows={query.data.historico}
        late={
          new Set(
            query.data.atrasadas.flatMap((o) => (o.estado === 'atrasada' && o.os ? [o.os.id] : [])),
          )
        }
      />
      <AssetPlannedDates m={query.data} />
      <AssetYearGrid assetId={id} />
      <AssetOsHistory rows={query.data.historico} />
    </>
  );
}

/**
 * /tatico/agenda/ativos/:id — one asset: its data, open OSs, next and overdue maintenance, the
 * year's grid and the OSs that served it, each with its sealed report. `osAction` is the route
 * layer's "Abrir OS" (gestão; the service-orders feature's form, composed in app/).
 */
export default function AssetPage({ osAction }: { osAction?: (a: Asset) => ReactNode }) {
  const id = assetIdParam(useParams().id);
  const query = useAsset(id);
  let body: ReactNode;
  if (id === null) body = <NotFound />;
  else if (query.isPending) body = <ListLoading rows={5} height={80} />;
  else if (query.isError) {
    // A 404 (or a refused id) will not appear by trying again.
    const gone =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    body = gone ? (
      <NotFound />
    ) : (
      <ListError message={query.error.message} onRetry={() => void query.refetch()} />
    );
  } else {
    const a = query.data.asset;
    body = (
      <>
        <Header
          a={a}
          actions={
            <>
              <ScanLabelButton variant="default" />
              {osAction?.(a)}
            </>
          }
        />
        <AssetFacts a={a} head={false} />
        <Maintenance id={a.id} />
        <AssetMeterSection assetId={a.id} />
        <AssetFilesSection assetId={a.id} />
      </>
    );
  }
  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <BackLink />
      {body}
    </Stack>
  );
}
