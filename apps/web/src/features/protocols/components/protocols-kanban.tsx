import type { ProtocolSummary, Stage } from '@eproto/domain';
import { STAGE_LABELS, STAGES } from '@eproto/domain';
import type { DragEndEvent, DragStartEvent } from '@dnd-kit/core';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  Badge,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';

import { STAGE_COLORS } from '../../../lib/stage-colors.ts';
import { ProtocolCard } from './protocol-card.tsx';

interface Props {
  tasks: ProtocolSummary[];
  onMove: (task: ProtocolSummary, stage: Stage) => void;
}

const STAGE_SET = new Set<string>(STAGES);

function Column({
  stage,
  tasks,
  onMove,
}: {
  stage: Stage;
  tasks: ProtocolSummary[];
  onMove: Props['onMove'];
}) {
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="xs"
      bg={isOver ? 'var(--mantine-color-default-hover)' : undefined}
      data-testid={`kanban-column-${stage}`}
      aria-label={`Etapa ${STAGE_LABELS[stage]}`}
    >
      <Group justify="space-between" px={4} pb="xs">
        <Text fw={600} size="sm">
          {STAGE_LABELS[stage]}
        </Text>
        <Badge color={STAGE_COLORS[stage]} variant="light" size="sm">
          {tasks.length}
        </Badge>
      </Group>
      <ScrollArea.Autosize mah="calc(100dvh - 320px)" offsetScrollbars type="auto">
        <Stack gap="xs" mih={120}>
          {tasks.length === 0 ? (
            <Text size="xs" c="dimmed" ta="center" py="lg">
              Nenhuma tarefa
            </Text>
          ) : (
            tasks.map((t) => <ProtocolCard key={t.id} task={t} onMove={onMove} />)
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}

const ANNOUNCEMENTS = {
  onDragStart: () => 'Tarefa levantada. Use as setas para escolher a etapa e Espaço para soltar.',
  onDragOver: ({ over }: { over: { id: string | number } | null }) =>
    over && STAGE_SET.has(String(over.id))
      ? `Sobre ${STAGE_LABELS[over.id as Stage]}.`
      : 'Fora das etapas.',
  onDragEnd: ({ over }: { over: { id: string | number } | null }) =>
    over && STAGE_SET.has(String(over.id))
      ? `Tarefa solta em ${STAGE_LABELS[over.id as Stage]}.`
      : 'Tarefa devolvida.',
  onDragCancel: () => 'Movimento cancelado.',
};

/** Tasks by stage: four columns (one at a time on phones), cards dragged between them. */
export function ProtocolsKanban({ tasks, onMove }: Props) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [phoneStage, setPhoneStage] = useState<Stage>('em_andamento');
  const [active, setActive] = useState<ProtocolSummary | null>(null);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 6 } }),
    useSensor(KeyboardSensor),
  );
  const columns = Object.fromEntries(
    STAGES.map((s) => [s, tasks.filter((t) => t.stage === s)]),
  ) as Record<Stage, ProtocolSummary[]>;
  // The list comes by due date; finished work reads best newest first.
  columns.concluido = [...columns.concluido].sort((a, b) =>
    (b.fim_real ?? b.fim_previsto ?? '').localeCompare(a.fim_real ?? a.fim_previsto ?? ''),
  );

  const onDragStart = ({ active: a }: DragStartEvent) =>
    setActive((a.data.current as { task?: ProtocolSummary } | undefined)?.task ?? null);
  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    setActive(null);
    const task = (a.data.current as { task?: ProtocolSummary } | undefined)?.task;
    const target = over ? String(over.id) : '';
    if (!task || !STAGE_SET.has(target) || target === task.stage) return;
    onMove(task, target as Stage);
  };

  return (
    <DndContext
      sensors={sensors}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{ announcements: ANNOUNCEMENTS }}
    >
      {phone ? (
        <Stack gap="sm">
          <SegmentedControl
            fullWidth
            size="xs"
            aria-label="Etapa"
            value={phoneStage}
            onChange={(v) => setPhoneStage(v)}
            data={STAGES.map((s) => ({
              value: s,
              label: `${STAGE_LABELS[s]} (${columns[s].length})`,
            }))}
            styles={{ label: { whiteSpace: 'normal', lineHeight: 1.2 } }}
          />
          <Column stage={phoneStage} tasks={columns[phoneStage]} onMove={onMove} />
        </Stack>
      ) : (
        <SimpleGrid cols={4} spacing="sm">
          {STAGES.map((s) => (
            <Column key={s} stage={s} tasks={columns[s]} onMove={onMove} />
          ))}
        </SimpleGrid>
      )}
      <DragOverlay dropAnimation={null}>
        {active ? <ProtocolCard task={active} overlay /> : null}
      </DragOverlay>
    </DndContext>
  );
}
