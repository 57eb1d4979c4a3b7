import type { AgendaEntry } from '@eproto/domain';
import { pluralForm } from '@eproto/domain';
import { Anchor, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconClipboardList, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';

import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useEntry } from '../api/get-entry.ts';
import { AgendaStatusBadge, ConflictFlag } from './agenda-badges.tsx';
import { EntryDetails } from './entry-details.tsx';
import { EntryFormModal } from './entry-form-modal.tsx';
import { EntryStatusActions } from './entry-status-actions.tsx';

/** One entry: details, conflicts, status actions and (gestores) edit. */
export function EntryDrawer({
  id,
  onClose,
  manager,
  actions,
}: {
  id: number | null;
  onClose: () => void;
  manager: boolean;
  /** Buttons other areas add (e.g. "Criar OS"). */
  actions?: (entry: AgendaEntry) => ReactNode;
}) {
  const query = useEntry(id);
  const [editing, setEditing] = useState(false);
  const e = query.data;

  return (
    <Drawer opened={id !== null} onClose={onClose} position="right" size="md" title="Agendamento">
      {query.isPending ? (
        <ListLoading rows={4} />
      ) : query.isError ? (
        <ListError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        e && (
          <Stack gap="md">
            <Group gap="xs">
              <AgendaStatusBadge status={e.status} />
              <ConflictFlag entry={e} />
            </Group>
            <Text fw={600}>{e.descricao}</Text>
            <EntryDetails entry={e} />
            {(e.iniciado_em || e.concluido_em) && (
              <Text size="xs" c="dimmed">
                {e.iniciado_em ? `Iniciado em ${formatDateTime(e.iniciado_em)}` : ''}
                {e.concluido_em ? ` · Concluído em ${formatDateTime(e.concluido_em)}` : ''}
              </Text>
            )}
            {e.conflitos.some((c) => c.tipo === 'manutencao') && (
              <Text size="sm" c="red">
                O veículo está em manutenção ou tem manutenção prevista neste período.
              </Text>
            )}
            {e.conflitos.some((c) => c.tipo !== 'manutencao') && (
              <Text size="sm" c="red">
                {e.conflitos
                  .filter((c) => c.tipo !== 'manutencao')
                  .map((c) => (c.tipo === 'pessoa' ? c.nome : `Veículo ${c.nome}`))
                  .join(', ')}{' '}
                também{' '}
                {pluralForm(
                  e.conflitos.filter((c) => c.tipo !== 'manutencao').length,
                  'está',
                  'estão',
                )}{' '}
                em outro agendamento neste horário.
              </Text>
            )}
            {e.os && (
              <Anchor component={Link} to={`/tatico/agenda/os/${e.os.id}`} fw={600}>
                <Group gap={6}>
                  <IconClipboardList size={18} /> Abrir {e.os.codigo}
                </Group>
              </Anchor>
            )}
            <EntryStatusActions entry={e} manager={manager} />
            {actions?.(e)}
            {manager && e.status !== 'concluido' && e.status !== 'cancelado' && (
              <Button
                variant="default"
                leftSection={<IconPencil size={16} />}
                onClick={() => setEditing(true)}
                w="fit-content"
              >
                Editar
              </Button>
            )}
            {e.created_by && (
              <Text size="xs" c="dimmed">
                Agendado por {e.created_by.nome}
              </Text>
            )}
            <EntryFormModal opened={editing} onClose={() => setEditing(false)} entry={e} />
          </Stack>
        )
      )}
    </Drawer>
  );
}
