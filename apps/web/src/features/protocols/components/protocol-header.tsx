import type { Protocol } from '@eproto/domain';
import { can, STAGE_LABELS, STAGES } from '@eproto/domain';
import { Anchor, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';

import { useSession } from '../../../lib/session.ts';
import { useDeleteProtocol } from '../api/delete-protocol.ts';
import { useMoveProtocol } from '../api/move-protocol.ts';
import { LateBadge, PriorityBadge, StageBadge } from '../../../components/work-badges.tsx';
import { ReviewBadge } from './review-badge.tsx';
import { PersonCell } from './person-cell.tsx';
import { subjectOf } from '../../../lib/permission-subject.ts';

/** Title, context, stage and actions of the task page. */
export function ProtocolHeader({ task, onEdit }: { task: Protocol; onEdit: () => void }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const move = useMoveProtocol();
  const remove = useDeleteProtocol();
  const reviewer = can(subjectOf(user), 'protocols.review');

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Excluir tarefa',
      children: (
        <Text size="sm">
          Excluir <strong>{task.titulo}</strong>? Mensagens, anexos, dependências e histórico da
          tarefa também serão removidos.
        </Text>
      ),
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(task.id, {
          onSuccess: () => void navigate(`/eproto/murals/${task.mural_id}`),
        }),
    });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 320px' }}>
            <Text size="xs" c="dimmed">
              Tarefa #{task.id} ·{' '}
              <Anchor
                component={Link}
                to={`/eproto/murals/${task.mural_id}`}
                size="xs"
                underline="always"
              >
                {task.mural_titulo}
              </Anchor>
              {task.contract_nome ? ` · ${task.contract_nome}` : ''}
            </Text>
            <Title order={1} fz={{ base: 20, sm: 24 }} style={{ overflowWrap: 'anywhere' }}>
              {task.titulo}
            </Title>
            <Group gap={6}>
              <StageBadge stage={task.stage} />
              <PriorityBadge prioridade={task.prioridade} />
              {task.atrasada && <LateBadge />}
              {task.review_status && <ReviewBadge status={task.review_status} />}
            </Group>
          </Stack>
          <Group gap="xs">
            {task.permissions.edit && (
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onEdit}>
                Editar
              </Button>
            )}
            {task.permissions.delete && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={confirmDelete}
                loading={remove.isPending}
              >
                Excluir
              </Button>
            )}
          </Group>
        </Group>
        <Group gap="lg" align="flex-end" wrap="wrap">
          <Select
            label="Etapa"
            w={200}
            data={STAGES.map((s) => ({
              value: s,
              label: STAGE_LABELS[s],
              disabled: s === 'concluido' && !reviewer && task.stage !== 'concluido',
            }))}
            value={task.stage}
            onChange={(s) =>
              s && s !== task.stage && move.mutate({ id: task.id, stage: s, titulo: task.titulo })
            }
            allowDeselect={false}
            disabled={!task.permissions.move}
            description={
              !reviewer && task.permissions.move ? 'A conclusão é aprovada na revisão.' : undefined
            }
          />
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              Responsável
            </Text>
            <PersonCell nome={task.responsavel_nome} avatar={task.responsavel_avatar} size={28} />
          </Stack>
          {task.created_by_nome && (
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                Criada por
              </Text>
              <Text size="sm">{task.created_by_nome}</Text>
            </Stack>
          )}
        </Group>
        {task.descricao && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {task.descricao}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
