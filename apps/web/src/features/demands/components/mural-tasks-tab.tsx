import type { Mural, MuralTask, Stage } from '@eproto/domain';
import { STAGE_LABELS, STAGES } from '@eproto/domain';
import { Anchor, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { Link } from 'react-router';

import { formatDate } from '../../../lib/dates.ts';
import { useMentionables } from '../../../components/work-item/api/get-mentionables.ts';
import { useMuralTasks } from '../api/get-mural-tasks.ts';
import { useUpdateMuralTask } from '../api/update-mural-task.ts';
import { LateBadge, PriorityBadge, StageBadge } from '../../../components/work-badges.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';

const STAGE_OPTIONS = STAGES.map((s) => ({ value: s, label: STAGE_LABELS[s] }));

interface RowProps {
  task: MuralTask;
  canEdit: boolean;
  people: Array<{ value: string; label: string }>;
  onChange: (task: MuralTask, body: { stage?: Stage; responsavel_id?: number | null }) => void;
}

function StageCell({ task, canEdit, onChange }: RowProps) {
  if (!canEdit) return <StageBadge stage={task.stage} />;
  return (
    <Select
      aria-label={`Etapa da tarefa ${task.titulo}`}
      data={STAGE_OPTIONS}
      value={task.stage}
      onChange={(v) => v && v !== task.stage && onChange(task, { stage: v })}
      allowDeselect={false}
      size="xs"
      w={150}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function PersonCell({ task, canEdit, people, onChange }: RowProps) {
  if (!canEdit)
    return (
      <Text size="sm" c={task.responsavel_nome ? undefined : 'dimmed'}>
        {task.responsavel_nome ?? 'Sem responsável'}
      </Text>
    );
  const data =
    task.responsavel_id && !people.some((p) => p.value === String(task.responsavel_id))
      ? [{ value: String(task.responsavel_id), label: task.responsavel_nome ?? '' }, ...people]
      : people;
  return (
    <Select
      aria-label={`Responsável pela tarefa ${task.titulo}`}
      placeholder="Sem responsável"
      data={data}
      value={task.responsavel_id ? String(task.responsavel_id) : null}
      onChange={(v) => {
        const next = v ? Number(v) : null;
        if (next !== task.responsavel_id) onChange(task, { responsavel_id: next });
      }}
      clearable
      searchable
      size="xs"
      w={190}
      nothingFoundMessage="Ninguém encontrado"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function Due({ task }: { task: MuralTask }) {
  return (
    <Text size="sm" c={task.atrasada ? 'red' : task.fim_previsto ? undefined : 'dimmed'}>
      {task.fim_previsto ? formatDate(task.fim_previsto) : '—'}
    </Text>
  );
}

function TaskTitle({ task }: { task: MuralTask }) {
  return (
    <Anchor component={Link} to={`/eproto/protocols/${task.id}`} size="sm" fw={600} c="inherit">
      {task.titulo}
    </Anchor>
  );
}

/** Tarefas: the demand's tasks with quick stage and responsável edits. */
export function MuralTasksTab({ mural, meId }: { mural: Mural; meId: number }) {
  const tasks = useMuralTasks(mural.id);
  const mentionables = useMentionables(mural.id);
  const update = useUpdateMuralTask(mural.id);
  const people = (mentionables.data ?? []).map((p) => ({ value: String(p.id), label: p.nome }));
  const canEdit = (t: MuralTask) => mural.permissions.edit_tasks || t.responsavel_id === meId;
  const onChange: RowProps['onChange'] = (task, body) =>
    update.mutate({ muralId: mural.id, taskId: task.id, body });

  if (tasks.isPending) return <ListLoading rows={3} height={44} />;
  if (tasks.isError)
    return <ListError message={tasks.error.message} onRetry={() => void tasks.refetch()} />;
  if (tasks.data.length === 0)
    return (
      <ListEmpty
        icon={<IconListCheck size={24} />}
        title="Nenhuma tarefa nesta demanda"
        hint="As tarefas da demanda aparecem aqui, com etapa e responsável."
      />
    );

  const row = (t: MuralTask): RowProps => ({ task: t, canEdit: canEdit(t), people, onChange });
  return (
    <>
      <Table.ScrollContainer minWidth={760} visibleFrom="sm">
        <Table verticalSpacing="xs" highlightOnHover aria-label="Tarefas">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tarefa</Table.Th>
              <Table.Th>Etapa</Table.Th>
              <Table.Th>Responsável</Table.Th>
              <Table.Th>Prioridade</Table.Th>
              <Table.Th>Prazo</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tasks.data.map((t) => (
              <Table.Tr key={t.id}>
                <Table.Td maw={320}>
                  <TaskTitle task={t} />
                </Table.Td>
                <Table.Td>
                  <StageCell {...row(t)} />
                </Table.Td>
                <Table.Td>
                  <PersonCell {...row(t)} />
                </Table.Td>
                <Table.Td>
                  <PriorityBadge prioridade={t.prioridade} size="sm" />
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Due task={t} />
                    {t.atrasada && <LateBadge size="xs" />}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm">
        {tasks.data.map((t) => (
          <Card key={t.id} withBorder radius="md" padding="sm">
            <Group justify="space-between" gap="xs" wrap="nowrap" mb={6}>
              <TaskTitle task={t} />
              <PriorityBadge prioridade={t.prioridade} size="xs" />
            </Group>
            <Group gap="xs" wrap="wrap">
              <StageCell {...row(t)} />
              <PersonCell {...row(t)} />
            </Group>
            <Group gap={6} mt={6}>
              <Text size="xs" c="dimmed">
                Prazo:
              </Text>
              <Due task={t} />
              {t.atrasada && <LateBadge size="xs" />}
            </Group>
          </Card>
        ))}
      </Stack>
    </>
  );
}
