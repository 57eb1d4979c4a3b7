import type { RequestStatus, RequestType } from '@eproto/domain';
import {
  REQUEST_STATUS_LABELS,
  REQUEST_STATUSES,
  REQUEST_TYPE_LABELS,
  REQUEST_TYPES,
} from '@eproto/domain';
import {
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInbox, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { useRequests } from '../api/get-requests.ts';
import { NewRequestModal } from '../components/new-request-modal.tsx';
import { RequestDrawer } from '../components/request-drawer.tsx';
import { RequestsList } from '../components/requests-list.tsx';

type Tab = RequestStatus | 'todas';

/** /solicitacoes — staff requests through aberta → em análise → aprovada/recusada → atendida. */
export default function SolicitacoesPage() {
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<Tab>('todas');
  const [tipo, setTipo] = useState<RequestType | null>(null);
  const [mine, setMine] = useState(false);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [creating, setCreating] = useState(false);
  const open = Number(params.get('id')) || null;
  const setOpen = (id: number | null) => setParams(id ? { id: String(id) } : {}, { replace: true });
  const query = useRequests({
    status: tab === 'todas' ? undefined : tab,
    tipo: tipo ?? undefined,
    minhas: mine ? 'true' : undefined,
    q: q || undefined,
  });
  const counts = query.data?.contagem;
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : 0;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            Solicitações
          </Title>
          <Text c="dimmed" size="sm">
            Material, EPI, veículo, manutenção, reembolso e outros pedidos da equipe.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
          Nova solicitação
        </Button>
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <ScrollArea type="never" offsetScrollbars={false}>
            <Tabs value={tab} onChange={(v) => setTab((v ?? 'todas') as Tab)}>
              {/* max-content: the tabs scroll instead of squeezing their count badges away */}
              <Tabs.List style={{ flexWrap: 'nowrap', minWidth: 'max-content' }}>
                <Tabs.Tab
                  value="todas"
                  rightSection={
                    <Badge size="sm" variant="light" color="brand" radius="sm">
                      {total}
                    </Badge>
                  }
                >
                  Todas
                </Tabs.Tab>
                {REQUEST_STATUSES.map((s) => (
                  <Tabs.Tab
                    key={s}
                    value={s}
                    rightSection={
                      <Badge size="sm" variant="light" color="brand" radius="sm">
                        {counts?.[s] ?? 0}
                      </Badge>
                    }
                  >
                    {REQUEST_STATUS_LABELS[s]}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
          </ScrollArea>
          <Group gap="sm" wrap="wrap" align="center">
            <TextInput
              placeholder="Buscar na descrição ou pelo solicitante"
              aria-label="Buscar solicitações"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              flex="1 1 240px"
            />
            <Select
              aria-label="Tipo"
              placeholder="Todos os tipos"
              clearable
              data={REQUEST_TYPES.map((t) => ({ value: t, label: REQUEST_TYPE_LABELS[t] }))}
              value={tipo}
              onChange={(v) => setTipo(v)}
              w={{ base: '100%', xs: 190 }}
            />
            <Switch
              label="Só as minhas"
              checked={mine}
              onChange={(e) => setMine(e.currentTarget.checked)}
            />
          </Group>
          {query.isPending ? (
            <ListLoading />
          ) : query.isError ? (
            <ListError message={query.error.message} onRetry={() => void query.refetch()} />
          ) : query.data.items.length === 0 ? (
            <ListEmpty
              icon={<IconInbox size={24} />}
              title="Nenhuma solicitação encontrada"
              hint={
                tab !== 'todas' || tipo || mine || q
                  ? 'Ajuste os filtros.'
                  : 'Abra uma solicitação de material, EPI, veículo ou reembolso.'
              }
            />
          ) : (
            <RequestsList items={query.data.items} onOpen={setOpen} />
          )}
        </Stack>
      </Paper>
      <RequestDrawer id={open} onClose={() => setOpen(null)} />
      <NewRequestModal opened={creating} onClose={() => setCreating(false)} onCreated={setOpen} />
    </Stack>
  );
}
