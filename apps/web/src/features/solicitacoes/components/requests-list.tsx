import type { Solicitacao } from '@eproto/domain';
import { countOf, REQUEST_TYPE_LABELS } from '@eproto/domain';
import { Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';

import { formatDateTime, fromNow } from '../../../lib/dates.ts';
import { RequestStatusBadge, UrgencyBadge } from './request-badges.tsx';

/** Requests as a table from tablets up and as cards on phones; a click opens one. */
export function RequestsList({
  items,
  onOpen,
}: {
  items: Solicitacao[];
  onOpen: (id: number) => void;
}) {
  return (
    <>
      <Table.ScrollContainer minWidth={880} visibleFrom="sm">
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={64}>Nº</Table.Th>
              <Table.Th>Tipo</Table.Th>
              <Table.Th>Descrição</Table.Th>
              <Table.Th>Solicitante</Table.Th>
              <Table.Th>Contrato</Table.Th>
              <Table.Th>Urgência</Table.Th>
              <Table.Th>Situação</Table.Th>
              <Table.Th>Aberta</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((r) => (
              <Table.Tr key={r.id} style={{ cursor: 'pointer' }} onClick={() => onOpen(r.id)}>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    #{r.id}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {REQUEST_TYPE_LABELS[r.tipo]}
                  </Text>
                </Table.Td>
                <Table.Td maw={340}>
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm" truncate="end">
                      {r.descricao}
                    </Text>
                    {r.anexos > 0 && (
                      <IconPaperclip
                        size={14}
                        style={{ flexShrink: 0 }}
                        aria-label={countOf(r.anexos, 'anexo', 'anexos')}
                      />
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{r.solicitante.nome}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={r.contrato ? undefined : 'dimmed'}>
                    {r.contrato?.codigo ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <UrgencyBadge urgencia={r.urgencia} />
                </Table.Td>
                <Table.Td>
                  <RequestStatusBadge status={r.status} />
                </Table.Td>
                <Table.Td>
                  <Tooltip label={formatDateTime(r.created_at)}>
                    <Text size="sm" c="dimmed" component="span">
                      {fromNow(r.created_at)}
                    </Text>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm">
        {items.map((r) => (
          <Card
            key={r.id}
            withBorder
            radius="md"
            padding="sm"
            component="button"
            type="button"
            onClick={() => onOpen(r.id)}
            style={{ textAlign: 'left', cursor: 'pointer' }}
            aria-label={`Abrir solicitação ${r.id}`}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600}>
                #{r.id} · {REQUEST_TYPE_LABELS[r.tipo]}
              </Text>
              <RequestStatusBadge status={r.status} />
            </Group>
            <Text size="sm" lineClamp={2} mt={4}>
              {r.descricao}
            </Text>
            <Group gap="xs" mt={6}>
              <UrgencyBadge urgencia={r.urgencia} />
              <Text size="xs" c="dimmed">
                {r.solicitante.nome} · {fromNow(r.created_at)}
              </Text>
            </Group>
          </Card>
        ))}
      </Stack>
    </>
  );
}
