import {
  PT_STATUS_LABELS,
  PT_STATUSES,
  PT_TYPE_LABELS,
  PT_TYPES,
  type PtStatus,
  type PtType,
} from '@eproto/domain';
import {
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { usePts } from '../api/get-pts.ts';
import { shiftLabel } from '../utils/shift.ts';
import { PtStatusBadge, PtTypeBadge } from './status-badges.tsx';

/** PTs with filters (situação, tipo, busca); a card opens the PT. */
export function PtList({
  manager,
  onOpen,
  onCreate,
}: {
  manager: boolean;
  onOpen: (id: number) => void;
  onCreate: () => void;
}) {
  const [status, setStatus] = useState<PtStatus | null>(null);
  const [tipo, setTipo] = useState<PtType | null>(null);
  const [busca, setBusca] = useState('');
  const [debounced] = useDebouncedValue(busca.trim(), 300);
  const query = usePts({ status, tipo, busca: debounced });
  const items = query.data?.items ?? [];
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Buscar"
          placeholder="Atividade ou local"
          leftSection={<IconSearch size={16} />}
          value={busca}
          onChange={(e) => setBusca(e.currentTarget.value)}
          w={{ base: '100%', xs: 220 }}
        />
        <Select
          label="Situação"
          placeholder="Todas"
          clearable
          data={PT_STATUSES.map((s) => ({ value: s, label: PT_STATUS_LABELS[s] }))}
          value={status}
          onChange={(v) => setStatus(v)}
          w={{ base: '100%', xs: 160 }}
        />
        <Select
          label="Tipo"
          placeholder="Todos"
          clearable
          data={PT_TYPES.map((t) => ({ value: t, label: PT_TYPE_LABELS[t] }))}
          value={tipo}
          onChange={(v) => setTipo(v)}
          w={{ base: '100%', xs: 190 }}
        />
        {manager && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={onCreate}
            ml={{ xs: 'auto' }}
            w={{ base: '100%', xs: 'auto' }}
          >
            Emitir PT
          </Button>
        )}
      </Group>
      {query.isPending ? (
        <ListLoading rows={4} />
      ) : query.isError ? (
        <ListError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <ListEmpty
          icon={<IconShieldCheck size={24} />}
          title="Nenhuma PT encontrada"
          hint="A PT é emitida a partir de uma APR enviada para assinatura e vale só para um turno."
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {items.map((p) => (
            <UnstyledButton
              key={p.id}
              onClick={() => onOpen(p.id)}
              aria-label={`Abrir PT nº ${p.id}`}
            >
              <Card withBorder radius="md" p="sm" h="100%">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap={6} wrap="nowrap">
                    <Text fw={600} size="sm">
                      PT nº {p.id}
                    </Text>
                    <PtTypeBadge tipo={p.tipo} />
                  </Group>
                  <PtStatusBadge status={p.status} vigente={p.vigente} />
                </Group>
                <Text size="sm" lineClamp={1} mt={4}>
                  {p.apr.atividade}
                  {p.os ? ` — ${p.os.codigo}` : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  Turno: {shiftLabel(p.inicio, p.fim)} — {p.responsavel.nome}
                </Text>
                {(p.acoes.includes('aprovar') || p.acoes.includes('encerrar')) && (
                  <Text size="xs" c="orange" fw={600} mt={4}>
                    {p.acoes.includes('aprovar')
                      ? 'Aguarda a sua aprovação'
                      : 'Encerre ao fim do turno'}
                  </Text>
                )}
              </Card>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
