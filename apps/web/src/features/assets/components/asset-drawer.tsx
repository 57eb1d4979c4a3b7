import {
  ASSET_DATA_FIELDS,
  assetPagePath,
  formatDateBr,
  formatFieldValue,
  type Asset,
  type AssetDataKey,
} from '@eproto/domain';
import { Button, Drawer, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { useAsset } from '../api/get-asset.ts';
import { AssetStatusBadge } from './asset-list.tsx';
import { contractLabel } from '../../../components/pickers/contract-label.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

function typedValue(k: AssetDataKey, v: unknown): string {
  const f = ASSET_DATA_FIELDS[k];
  if (f.kind === 'enum') return f.options?.[String(v)] ?? String(v);
  return typeof v === 'number' ? v.toLocaleString('pt-BR') : String(v);
}

/**
 * Status, type, description and every field of an asset. `head` false: the asset's page, whose
 * header already shows status, type and contract.
 */
export function AssetFacts({ a, head = true }: { a: Asset; head?: boolean }) {
  const typed = (Object.entries(a.dados) as [AssetDataKey, unknown][]).filter(
    ([, v]) => v !== null && v !== undefined,
  );
  return (
    <Stack gap="md">
      {head && (
        <Group gap="xs">
          <AssetStatusBadge status={a.status} />
          <Text size="sm" c="dimmed">
            {a.tipo.nome}
          </Text>
        </Group>
      )}
      {a.descricao && <Text size="sm">{a.descricao}</Text>}
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="sm">
        {head && <Fact label="Contrato">{contractLabel(a.contrato)}</Fact>}
        <Fact label="Prédio">{a.predio}</Fact>
        <Fact label="Andar">{a.andar}</Fact>
        <Fact label="Sala">{a.sala}</Fact>
        <Fact label="Fabricante">{a.fabricante}</Fact>
        <Fact label="Modelo">{a.modelo}</Fact>
        <Fact label="Nº de série">{a.numero_serie}</Fact>
        <Fact label="Instalação">{a.instalado_em ? formatDateBr(a.instalado_em) : null}</Fact>
        <Fact label="Fim da garantia">{a.garantia_ate ? formatDateBr(a.garantia_ate) : null}</Fact>
        {typed.map(([k, v]) => (
          <Fact key={k} label={ASSET_DATA_FIELDS[k].label}>
            {typedValue(k, v)}
          </Fact>
        ))}
        {a.tipo.campos
          .filter((f) => a.campos[f.chave] !== undefined)
          .map((f) => (
            <Fact key={f.chave} label={f.nome}>
              {formatFieldValue(f, a.campos[f.chave]!)}
            </Fact>
          ))}
      </SimpleGrid>
    </Stack>
  );
}

/** One asset's data; gestão gets "Editar". */
export function AssetDrawer({
  id,
  onClose,
  onEdit,
}: {
  id: number | null;
  onClose: () => void;
  onEdit: (a: Asset) => void;
}) {
  const query = useAsset(id);
  const detail = query.data;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={detail ? `Ativo ${detail.asset.tag}` : 'Ativo'}
    >
      {query.isPending ? (
        <ListLoading rows={5} />
      ) : query.isError ? (
        <ListError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        detail && (
          <Stack gap="lg">
            <AssetFacts a={detail.asset} />
            <Group>
              <Button
                component={Link}
                to={assetPagePath(detail.asset.id)}
                leftSection={<IconExternalLink size={16} />}
              >
                Abrir página do ativo
              </Button>
              {detail.pode_editar && (
                <Button
                  variant="light"
                  leftSection={<IconPencil size={16} />}
                  onClick={() => onEdit(detail.asset)}
                >
                  Editar
                </Button>
              )}
            </Group>
          </Stack>
        )
      )}
    </Drawer>
  );
}
