import {
  ASSET_STATUS_LABELS,
  assetDataSummary,
  assetFieldsSummary,
  assetSite,
  type Asset,
  type AssetListResponse,
  type AssetStatus,
} from '@eproto/domain';
import { Badge, Group, Stack, Text } from '@mantine/core';

import type { ListColumn } from '../../../components/list-page.tsx';
import { contractLabel } from '../../../components/pickers/contract-label.ts';

const STATUS_COLOR: Record<AssetStatus, string> = {
  ativo: 'teal',
  inativo: 'gray',
  substituido: 'orange',
};

/** The asset's status as a coloured badge. */
export function AssetStatusBadge({ status }: { status: AssetStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLOR[status]}>
      {ASSET_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A row of the list: the asset and its overdue preventive dates. */
type AssetRow = AssetListResponse['items'][number];

/** "Atrasada" in red when the asset has overdue preventive maintenance (late or skipped). */
function OverdueBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Badge
      variant="filled"
      color="red"
      title={count === 1 ? '1 manutenção atrasada' : `${count} manutenções atrasadas`}
    >
      {count === 1 ? 'Atrasada' : `Atrasada (${count})`}
    </Badge>
  );
}

const statusOf = (a: AssetRow) => (
  <Group gap={4} wrap="nowrap">
    <AssetStatusBadge status={a.status} />
    <OverdueBadge count={a.atrasadas} />
  </Group>
);

/** The category's typed fields and the type's own fields in one line. */
const summaryOf = (a: Asset) =>
  [assetDataSummary(a.dados), assetFieldsSummary(a.tipo.campos, a.campos)]
    .filter(Boolean)
    .join(' · ');

const tagOf = (a: Asset) => (
  <Text fw={700} ff="monospace" size="sm">
    {a.tag}
  </Text>
);

export const assetColumns: ListColumn<AssetRow>[] = [
  { header: 'Tag', cell: tagOf, nowrap: true },
  { header: 'Tipo', cell: (a) => a.tipo.nome },
  { header: 'Local', cell: (a) => assetSite(a) || '—', maw: 280 },
  {
    header: 'Fabricante / modelo',
    cell: (a) => [a.fabricante, a.modelo].filter(Boolean).join(' · ') || '—',
    maw: 220,
  },
  { header: 'Características', cell: (a) => summaryOf(a) || '—', maw: 320 },
  { header: 'Contrato', cell: (a) => a.contrato.codigo, nowrap: true },
  { header: 'Situação', cell: statusOf, nowrap: true },
];

/** An asset on a phone: tag and status, type, site, its typed fields. */
export function AssetCard({ a }: { a: AssetRow }) {
  const summary = summaryOf(a);
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        {tagOf(a)}
        {statusOf(a)}
      </Group>
      <Text size="sm" fw={500}>
        {a.tipo.nome}
        {summary ? ` · ${summary}` : ''}
      </Text>
      <Text size="sm" c="dimmed">
        {assetSite(a) || 'Local não informado'}
      </Text>
      <Text size="xs" c="dimmed">
        {contractLabel(a.contrato)}
      </Text>
    </Stack>
  );
}
