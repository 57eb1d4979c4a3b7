import { ASSET_CATEGORY_LABELS, formatFieldValue, type AssetType } from '@eproto/domain';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCategory, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

import { FilterBar, ListView, type ListColumn } from '../../../components/list-page.tsx';
import { useAssetTypes } from '../api/get-asset-types.ts';
import { AssetTypeFormModal } from './asset-type-form-modal.tsx';

/** "Vazão (m³/h) · Tensão (220, 380, 440 V)": a type's own fields in one line. */
function fieldsLine(t: AssetType): string {
  return t.campos
    .map((f) =>
      f.tipo === 'opcao'
        ? `${f.nome} (${formatFieldValue(f, f.opcoes.join(', '))})`
        : f.unidade
          ? `${f.nome} (${f.unidade})`
          : f.nome,
    )
    .join(' · ');
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function StatusBadge({ t }: { t: AssetType }) {
  return (
    <Badge variant="light" color={t.ativo ? 'teal' : 'gray'}>
      {t.ativo ? 'Ativo' : 'Desativado'}
    </Badge>
  );
}

const columns: ListColumn<AssetType>[] = [
  {
    header: 'Tipo',
    cell: (t) => (
      <Text fw={600} size="sm">
        {t.nome}
      </Text>
    ),
  },
  { header: 'Categoria', cell: (t) => ASSET_CATEGORY_LABELS[t.categoria], nowrap: true },
  { header: 'Campos do tipo', cell: (t) => fieldsLine(t) || '—', maw: 420 },
  { header: 'Ativos', cell: (t) => t.total_ativos.toLocaleString('pt-BR'), right: true },
  { header: 'Planos', cell: (t) => t.total_planos.toLocaleString('pt-BR'), right: true },
  { header: 'Situação', cell: (t) => <StatusBadge t={t} /> },
];

function TypeCard({ t }: { t: AssetType }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} size="sm">
          {t.nome}
        </Text>
        <StatusBadge t={t} />
      </Group>
      <Text size="sm" c="dimmed">
        {ASSET_CATEGORY_LABELS[t.categoria]} · {plural(t.total_ativos, 'ativo', 'ativos')} ·{' '}
        {plural(t.total_planos, 'plano', 'planos')}
      </Text>
      {t.campos.length > 0 && <Text size="sm">{fieldsLine(t)}</Text>}
    </Stack>
  );
}

/**
 * /tatico/agenda?aba=ativos&vista=tipos (gestão): the catalogue of asset types with their own
 * fields; a row opens it for editing, "Novo tipo" adds one.
 */
export default function AssetTypesView() {
  const query = useAssetTypes();
  const [editing, setEditing] = useState<AssetType | 'new' | null>(null);
  return (
    <Stack gap="md">
      <FilterBar
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
            Novo tipo
          </Button>
        }
      />
      <ListView
        query={query}
        items={query.data?.items}
        rowKey={(t) => t.id}
        columns={columns}
        card={(t) => <TypeCard t={t} />}
        cardLabel={(t) => `Tipo ${t.nome}`}
        onOpen={setEditing}
        minWidth={860}
        testId="asset-type-row"
        rowStyle={(t) => (t.ativo ? undefined : { opacity: 0.65 })}
        empty={{
          icon: <IconCategory size={24} />,
          title: 'Nenhum tipo cadastrado',
          hint: 'Cadastre os tipos de equipamento e os campos de cada um.',
        }}
      />
      <AssetTypeFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        tipo={editing === 'new' || editing === null ? undefined : editing}
      />
    </Stack>
  );
}
