import type { ProtocolSummary, Stage } from '@eproto/domain';
import { STAGE_LABELS, STAGES } from '@eproto/domain';
import { useDraggable } from '@dnd-kit/core';
import {
  ActionIcon,
  Anchor,
  Avatar,
  Group,
  Menu,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { Link } from 'react-router';

import { formatDate } from '../../../lib/dates.ts';
import { PriorityBadge } from '../../../components/work-badges.tsx';

interface Props {
  task: ProtocolSummary;
  onMove?: (task: ProtocolSummary, stage: Stage) => void;
  overlay?: boolean;
}

/** A task on the kanban: drag it (mouse, long press, keyboard) or use "Mover para". */
export function ProtocolCard({ task, onMove, overlay = false }: Props) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `task-${task.id}`,
    data: { task },
    disabled: overlay,
  });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="sm"
      shadow={overlay ? 'lg' : undefined}
      style={{
        opacity: isDragging ? 0.4 : 1,
        cursor: overlay ? 'grabbing' : 'grab',
        touchAction: 'manipulation',
      }}
      data-testid="protocol-card"
      aria-label={`Tarefa ${task.titulo}, ${STAGE_LABELS[task.stage]}`}
      {...attributes}
      {...listeners}
      // A "button" may not hold the card's own link and menu; a focusable group can (as the
      // demand cards of the board).
      role="group"
      aria-roledescription="cartão arrastável"
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Anchor
            component={Link}
            to={`/eproto/protocols/${task.id}`}
            fw={600}
            size="sm"
            lineClamp={2}
            onPointerDown={(e) => e.stopPropagation()}
          >
            {task.titulo}
          </Anchor>
          {onMove && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Tooltip label="Mover para">
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={`Mover ${task.titulo}`}
                    onPointerDown={(e) => e.stopPropagation()}
                  >
                    <IconArrowsExchange size={14} />
                  </ActionIcon>
                </Tooltip>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>Mover para</Menu.Label>
                {STAGES.filter((s) => s !== task.stage).map((s) => (
                  <Menu.Item key={s} onClick={() => onMove(task, s)}>
                    {STAGE_LABELS[s]}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {task.mural_titulo}
        </Text>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <PriorityBadge prioridade={task.prioridade} size="xs" />
            <Text
              size="xs"
              c={task.atrasada ? 'red' : 'dimmed'}
              fw={task.atrasada ? 600 : undefined}
            >
              {task.fim_previsto ? formatDate(task.fim_previsto) : 'Sem prazo'}
            </Text>
          </Group>
          {task.responsavel_nome && (
            <Tooltip label={task.responsavel_nome}>
              <Avatar
                src={task.responsavel_avatar}
                name={task.responsavel_nome}
                size={22}
                color="initials"
              />
            </Tooltip>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
