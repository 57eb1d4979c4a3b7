import { APR_STATUS_LABELS, APR_STATUSES, type AprStatus } from '@eproto/domain';
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
import { IconClipboardCheck, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useAprs } from '../api/get-aprs.ts';
import { AprStatusBadge } from './status-badges.tsx';

/** APRs with filters (situação, busca); a card opens the APR. */
export function AprList({
  manager,
  onOpen,
  onCreate,
}: {
  manager: boolean;
  onOpen: (id: number) => void;
  onCreate: () => void;
}) {
  const [status, setStatus] = useState<AprStatus | null>(null);
  const [busca, setBusca] = useState('');
  const [debounced] = useDebouncedValue(busca.trim(), 300);
  const query = useAprs({ status, busca: debounced });
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
          w={{ base: '100%', xs: 240 }}
        />
        <Select
          label="Situação"
          placeholder="Todas"
          clearable
          data={APR_STATUSES.map((s) => ({ value: s, label: APR_STATUS_LABELS[s] }))}
          value={status}
          onChange={(v) => setStatus(v)}
          w={{ base: '100%', xs: 180 }}
        />
        {manager && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={onCreate}
            ml={{ xs: 'auto' }}
            w={{ base: '100%', xs: 'auto' }}
          >
            Nova APR
          </Button>
        )}
      </Group>
      {query.isPending ? (
        <ListLoading rows={4} />
      ) : query.isError ? (
        <ListError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <ListEmpty
          icon={<IconClipboardCheck size={24} />}
          title="Nenhuma APR encontrada"
          hint={
            manager
              ? 'Crie uma APR para uma OS: etapas, perigos, controles e EPIs.'
              : 'Quando você estiver na equipe de uma APR, ela aparece aqui.'
          }
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {items.map((a) => (
            <UnstyledButton
              key={a.id}
              onClick={() => onOpen(a.id)}
              aria-label={`Abrir APR nº ${a.id}`}
            >
              <Card withBorder radius="md" p="sm" h="100%">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Text fw={600} size="sm" lineClamp={2}>
                    APR nº {a.id} — {a.atividade}
                  </Text>
                  <AprStatusBadge status={a.status} />
                </Group>
                <Text size="sm" c="dimmed" lineClamp={1}>
                  {[a.os?.codigo, a.agendamento?.titulo, a.local].filter(Boolean).join(' — ')}
                </Text>
                <Group justify="space-between" mt={6}>
                  <Text size="xs" c="dimmed">
                    {a.responsavel.nome}, {formatDate(a.created_at)}
                  </Text>
                  <Text
                    size="xs"
                    fw={600}
                    c={a.assinaturas === a.equipe_total ? 'teal' : undefined}
                  >
                    {a.assinaturas} de {a.equipe_total} assinaturas
                  </Text>
                </Group>
                {a.pode_assinar && (
                  <Text size="xs" c="orange" fw={600} mt={4}>
                    Aguarda a sua assinatura
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
