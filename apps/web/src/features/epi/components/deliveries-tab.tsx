import type { DeliveryStatus, EpiDelivery } from '@eproto/domain';
import {
  DELIVERY_REASON_LABELS,
  DELIVERY_STATUS_LABELS,
  DELIVERY_STATUSES,
  epiSizeShort,
} from '@eproto/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import {
  IconArrowBackUp,
  IconDots,
  IconFileText,
  IconPlus,
  IconShieldCheck,
  IconSignature,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useDeliveries } from '../api/get-deliveries.ts';
import { usePeopleOptions } from '../../../components/pickers/people.ts';
import { ReturnModal, SignModal } from './delivery-actions.tsx';
import { DeliveryModal } from './delivery-modal.tsx';
import { DeliveryStatusBadge } from './epi-labels.tsx';

function Replacement({ d }: { d: EpiDelivery }) {
  if (!d.troca_situacao) return <Text size="sm">{formatDate(d.troca_prevista)}</Text>;
  const late = d.troca_situacao === 'vencido';
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c={late ? 'red' : 'yellow'} fw={600}>
        {formatDate(d.troca_prevista)}
      </Text>
      <Badge color={late ? 'red' : 'yellow'} variant="light" radius="sm" size="sm">
        {late ? 'Vencida' : 'Próxima'}
      </Badge>
    </Group>
  );
}

function Actions({
  d,
  onSign,
  onReturn,
}: {
  d: EpiDelivery;
  onSign: () => void;
  onReturn: () => void;
}) {
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Ações da entrega de ${d.item.nome} para ${d.colaborador.nome}`}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {d.status === 'pendente' && (
          <Menu.Item leftSection={<IconSignature size={16} />} onClick={onSign}>
            Assinar agora
          </Menu.Item>
        )}
        {d.status !== 'devolvida' && (
          <Menu.Item leftSection={<IconArrowBackUp size={16} />} onClick={onReturn}>
            Registrar devolução
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconFileText size={16} />}
          onClick={() => void navigate(`/tatico/epi?ficha=${d.colaborador.id}`)}
        >
          Ficha de {d.colaborador.nome.split(' ')[0]}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Deliveries of the whole team, filterable by person and status; new delivery. */
export function DeliveriesTab() {
  const people = usePeopleOptions();
  const [person, setPerson] = useState<string | null>(null);
  const [status, setStatus] = useState<DeliveryStatus | null>(null);
  const [creating, setCreating] = useState(false);
  const [signing, setSigning] = useState<EpiDelivery | null>(null);
  const [returning, setReturning] = useState<EpiDelivery | null>(null);
  const query = useDeliveries({
    colaborador_id: person ? Number(person) : undefined,
    status: status ?? undefined,
  });

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          aria-label="Colaborador"
          placeholder="Todos os colaboradores"
          searchable
          clearable
          data={people.data ?? []}
          value={person}
          onChange={setPerson}
          flex="1 1 220px"
        />
        <Select
          aria-label="Situação"
          placeholder="Todas as situações"
          clearable
          data={DELIVERY_STATUSES.map((s) => ({ value: s, label: DELIVERY_STATUS_LABELS[s] }))}
          value={status}
          onChange={(v) => setStatus(v)}
          w={{ base: '100%', xs: 240 }}
        />
        <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
          Entregar EPI
        </Button>
      </Group>
      {query.isPending ? (
        <ListLoading />
      ) : query.isError ? (
        <ListError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <ListEmpty
          icon={<IconShieldCheck size={24} />}
          title="Nenhuma entrega encontrada"
          hint={person || status ? 'Ajuste os filtros.' : 'Registre a primeira entrega de EPI.'}
        />
      ) : (
        <>
          <Table.ScrollContainer minWidth={900} visibleFrom="sm">
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Data</Table.Th>
                  <Table.Th>Colaborador</Table.Th>
                  <Table.Th>EPI</Table.Th>
                  <Table.Th>Qtd.</Table.Th>
                  <Table.Th>Motivo</Table.Th>
                  <Table.Th>Recebimento</Table.Th>
                  <Table.Th>Troca prevista</Table.Th>
                  <Table.Th w={50} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.items.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>
                      <Text size="sm">{formatDate(d.data)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {d.colaborador.nome}
                      </Text>
                    </Table.Td>
                    <Table.Td maw={260}>
                      <Text size="sm" truncate="end" title={d.item.nome}>
                        {d.item.nome}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {epiSizeShort(d.item.tamanho)} · CA {d.item.ca_numero}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{d.quantidade}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{DELIVERY_REASON_LABELS[d.motivo]}</Text>
                    </Table.Td>
                    <Table.Td>
                      <DeliveryStatusBadge status={d.status} />
                    </Table.Td>
                    <Table.Td>
                      {d.status === 'devolvida' ? (
                        <Text size="sm" c="dimmed">
                          Devolvida em {formatDate(d.devolucao_data)}
                        </Text>
                      ) : (
                        <Replacement d={d} />
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Actions
                        d={d}
                        onSign={() => setSigning(d)}
                        onReturn={() => setReturning(d)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack gap="sm" hiddenFrom="sm">
            {query.data.items.map((d) => (
              <Card key={d.id} withBorder radius="md" padding="sm">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={600}>
                    {d.colaborador.nome}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    <DeliveryStatusBadge status={d.status} />
                    <Actions d={d} onSign={() => setSigning(d)} onReturn={() => setReturning(d)} />
                  </Group>
                </Group>
                <Text size="sm">
                  {d.quantidade} × {d.item.nome} ({epiSizeShort(d.item.tamanho)}) · CA{' '}
                  {d.item.ca_numero}
                </Text>
                <Group gap="xs" mt={4}>
                  <Text size="xs" c="dimmed">
                    {formatDate(d.data)} · {DELIVERY_REASON_LABELS[d.motivo]}
                  </Text>
                  {d.status !== 'devolvida' && <Replacement d={d} />}
                </Group>
              </Card>
            ))}
          </Stack>
        </>
      )}
      <DeliveryModal
        opened={creating}
        onClose={() => setCreating(false)}
        colaboradorId={person ? Number(person) : undefined}
      />
      <SignModal delivery={signing} onClose={() => setSigning(null)} />
      <ReturnModal delivery={returning} onClose={() => setReturning(null)} />
    </Stack>
  );
}
