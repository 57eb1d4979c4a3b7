import {
  ASSET_STATUS_LABELS,
  ASSET_STATUSES,
  type Asset,
  can,
  type AssetStatus,
  type Role,
} from '@eproto/domain';
import { Box, Button, Chip, SegmentedControl, Select, Stack } from '@mantine/core';
import { IconBuildingFactory2, IconFileImport, IconPlus, IconQrcode } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';

import { FilterBar, ListView } from '../../../components/list-page.tsx';
import { ListLoading } from '../../../components/list-states.tsx';
import { useSession } from '../../../lib/session.ts';
import { useIdParam } from '../../../lib/use-id-param.ts';
import { useListFilters } from '../../../lib/use-list-filters.ts';
import { useAssetTypes } from '../api/get-asset-types.ts';
import { useAssets } from '../api/get-assets.ts';
import { ContractSelect } from '../../../components/pickers/contract-select.tsx';
import { AssetDrawer } from './asset-drawer.tsx';
import { AssetFormModal } from './asset-form-modal.tsx';
import { AssetImportModal } from './asset-import-modal.tsx';
import { AssetLabelsModal } from './asset-labels-modal.tsx';
import { AssetCard, assetColumns } from './asset-list.tsx';
import { ScanLabelButton } from './scan-label-button.tsx';

const PlansView = lazy(() => import('./plans-view.tsx'));
const AssetTypesView = lazy(() => import('./asset-types-view.tsx'));

const PER_PAGE = 25;
/** URL parameter of the tab's view: the assets (default) or their maintenance plans. */
const VIEW_PARAM = 'vista';
const FILTERS = ['contract_id', 'type_id', 'status', 'atrasadas'] as const;
const num = (v: string | undefined) => (v && Number(v) > 0 ? Number(v) : undefined);

type View = 'ativos' | 'planos' | 'tipos';

/**
 * /tatico/agenda?aba=ativos — the equipment of the contracts (`&vista=planos`: their
 * maintenance plans, preventive settings, overdue dates and PMOC; `&vista=tipos`, gestão: the
 * type catalogue and each type's own fields).
 */
export default function AssetsTab() {
  const [params, setParams] = useSearchParams();
  const { user } = useSession();
  const manager = can((user?.type ?? 'equipe') as Role, 'assets.manage');
  const asked = params.get(VIEW_PARAM);
  const view: View =
    asked === 'planos' ? 'planos' : asked === 'tipos' && manager ? 'tipos' : 'ativos';
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Ativos, planos ou tipos"
        value={view}
        onChange={(v) =>
          setParams((prev) => {
            const next = new URLSearchParams();
            for (const k of ['aba', 'contract_id']) {
              const keep = prev.get(k);
              if (keep) next.set(k, keep);
            }
            if (v !== 'ativos') next.set(VIEW_PARAM, v);
            return next;
          })
        }
        data={[
          { value: 'ativos', label: 'Ativos' },
          { value: 'planos', label: 'Planos' },
          ...(manager ? [{ value: 'tipos', label: 'Tipos' }] : []),
        ]}
        w={{ base: '100%', xs: 'auto' }}
        style={{ alignSelf: 'flex-start' }}
      />
      {view === 'planos' ? (
        <Suspense fallback={<ListLoading rows={4} />}>
          <PlansView />
        </Suspense>
      ) : view === 'tipos' ? (
        <Suspense fallback={<ListLoading rows={4} />}>
          <AssetTypesView />
        </Suspense>
      ) : (
        <AssetsList />
      )}
    </Stack>
  );
}

/** Search, filters, pages; gestão registers, edits and imports from a spreadsheet, equipe reads. */
function AssetsList() {
  const { user } = useSession();
  const manager = can((user?.type ?? 'equipe') as Role, 'assets.manage');
  const f = useListFilters(FILTERS);
  const v = f.values;
  const query = useAssets({
    q: f.search.value || undefined,
    contract_id: num(v.contract_id),
    type_id: num(v.type_id),
    status: v.status as AssetStatus | undefined,
    atrasadas: v.atrasadas === '1' ? 'true' : undefined,
    page: f.page,
    perPage: PER_PAGE,
  });
  const types = useAssetTypes();
  const [open, setOpen] = useIdParam('ativo');
  const [editing, setEditing] = useState<Asset | null | 'new'>(null);
  const [importing, setImporting] = useState(false);
  const [printing, setPrinting] = useState(false);

  return (
    <Stack gap="md">
      {/* On the phone the camera comes first: the technician stands in front of the equipment. */}
      <Box hiddenFrom="sm">
        <ScanLabelButton fullWidth />
      </Box>
      <FilterBar
        search={f.search}
        searchLabel="Buscar ativos"
        placeholder="Buscar por tag, local, fabricante ou série"
        actions={
          <>
            <Box visibleFrom="sm">
              <ScanLabelButton variant="default" />
            </Box>
            {manager && (
              <>
                <Button
                  variant="default"
                  leftSection={<IconQrcode size={18} />}
                  onClick={() => setPrinting(true)}
                >
                  Etiquetas
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconFileImport size={18} />}
                  onClick={() => setImporting(true)}
                >
                  Importar
                </Button>
                <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
                  Novo ativo
                </Button>
              </>
            )}
          </>
        }
      >
        <ContractSelect
          aria-label="Contrato"
          placeholder="Todos os contratos"
          value={v.contract_id ?? null}
          onChange={(c) => f.set({ contract_id: c })}
          clearable
          w={{ base: '100%', xs: 220 }}
        />
        <Select
          aria-label="Tipo"
          placeholder="Todos os tipos"
          data={(types.data?.items ?? []).map((t) => ({ value: String(t.id), label: t.nome }))}
          value={v.type_id ?? null}
          onChange={(t) => f.set({ type_id: t })}
          clearable
          searchable
          w={{ base: '100%', xs: 200 }}
        />
        <Select
          aria-label="Situação"
          placeholder="Todas as situações"
          data={ASSET_STATUSES.map((s) => ({ value: s, label: ASSET_STATUS_LABELS[s] }))}
          value={v.status ?? null}
          onChange={(s) => f.set({ status: s })}
          clearable
          w={{ base: '100%', xs: 196 }}
        />
        <Chip
          checked={v.atrasadas === '1'}
          onChange={(on) => f.set({ atrasadas: on ? '1' : null })}
          color="red"
          variant="outline"
          size="md"
        >
          Atrasadas
        </Chip>
      </FilterBar>
      <ListView
        query={query}
        items={query.data?.items}
        rowKey={(a) => a.id}
        columns={assetColumns}
        card={(a) => <AssetCard a={a} />}
        cardLabel={(a) => `Ativo ${a.tag}`}
        onOpen={(a) => setOpen(a.id)}
        minWidth={960}
        testId="asset-row"
        empty={{
          icon: <IconBuildingFactory2 size={24} />,
          title: 'Nenhum ativo encontrado',
          hint: f.active
            ? 'Ajuste a busca ou os filtros.'
            : manager
              ? 'Cadastre os equipamentos dos contratos ou importe uma planilha.'
              : 'Os equipamentos dos seus contratos aparecem aqui.',
        }}
        pagination={{
          page: f.page,
          perPage: PER_PAGE,
          total: query.data?.total ?? 0,
          onPage: f.setPage,
          count: (n) => `${n} ${n === 1 ? 'ativo' : 'ativos'}`,
        }}
      />
      <AssetDrawer
        id={open}
        onClose={() => setOpen(null)}
        onEdit={(a) => {
          setEditing(a);
        }}
      />
      <AssetFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        asset={editing === 'new' || editing === null ? undefined : editing}
        onSaved={setOpen}
      />
      <AssetImportModal opened={importing} onClose={() => setImporting(false)} />
      <AssetLabelsModal
        opened={printing}
        onClose={() => setPrinting(false)}
        contractId={v.contract_id ?? null}
      />
    </Stack>
  );
}
