import '../../../lib/zod-locale.ts';

import type { Dependency, Protocol } from '@eproto/domain';
import { countOf, dependencyCreateBody } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconArrowRight, IconLink, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';

import { FormNumberField, FormSelect } from '../../../components/form-fields.tsx';
import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useAddDependency } from '../api/add-dependency.ts';
import { useDependencies } from '../api/get-dependencies.ts';
import { useRemoveDependency } from '../api/remove-dependency.ts';
import { useProtocolSearch } from '../api/search-protocols.ts';
import { StageBadge } from '../../../components/work-badges.tsx';

/** "intervalo de 2 dias", "antecipação de 1 dia", "logo em seguida". */
export function lagText(lag: number): string {
  if (lag === 0) return 'começa no dia seguinte';
  const n = Math.abs(lag);
  const d = countOf(n, 'dia', 'dias');
  return lag > 0 ? `intervalo de ${d}` : `antecipação de ${d}`;
}

function LinkRow({
  dep,
  other,
  canEdit,
  onRemove,
}: {
  dep: Dependency;
  other: Dependency['predecessor'];
  canEdit: boolean;
  onRemove: (dep: Dependency) => void;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="dependency-row">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Anchor component={Link} to={`/eproto/protocols/${other.id}`} size="sm" fw={500} truncate>
          {other.titulo}
        </Anchor>
        <Group gap={6}>
          <StageBadge stage={other.stage} size="xs" />
          <Text size="xs" c="dimmed">
            {formatDate(other.inicio_previsto) || '—'} a {formatDate(other.fim_previsto) || '—'} ·{' '}
            {lagText(dep.lag_days)}
          </Text>
        </Group>
      </Stack>
      {canEdit && (
        <Tooltip label="Remover dependência">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remover dependência de ${other.titulo}`}
            onClick={() => onRemove(dep)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** A new link as typed: the domain's dependencyCreateBody (task chosen, whole days of lag). */
type DependencyIn = z.input<typeof dependencyCreateBody>;
type DependencyOut = z.output<typeof dependencyCreateBody>;
const BLANK: DependencyIn = { predecessor_id: null, lag_days: 0 };
const resolver = zodResolver(dependencyCreateBody);

function AddForm({ task }: { task: Protocol }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const candidates = useProtocolSearch(q, task.mural_id);
  const add = useAddDependency(task.id);
  // the first field is a searchable select: focused on a refused submit, its list covers the
  // message under it
  const form = useForm<DependencyIn, unknown, DependencyOut>({
    resolver,
    defaultValues: BLANK,
    shouldFocusError: false,
  });
  const options = (candidates.data ?? [])
    .filter((t) => t.id !== task.id)
    .map((t) => ({ value: String(t.id), label: `${t.titulo} — ${t.mural_titulo}` }));

  // a cycle or a self-link refused by the server shows under the task, like a missing one
  const submit = form.handleSubmit((body) =>
    add.mutateAsync(body).then(
      () => {
        form.reset(BLANK);
        setSearch('');
      },
      (e: Error) => form.setError('predecessor_id', { message: e.message }),
    ),
  );

  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-start" wrap="wrap">
        <FormSelect
          control={form.control}
          name="predecessor_id"
          numeric
          label="Adicionar predecessora"
          placeholder="Busque a tarefa"
          searchable
          clearable
          data={options}
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={
            candidates.isFetching ? 'Carregando...' : 'Nenhuma tarefa encontrada'
          }
          flex="1 1 220px"
        />
        <FormNumberField
          control={form.control}
          name="lag_days"
          label="Intervalo (dias)"
          description="Negativo antecipa"
          decimals={0}
          w={130}
        />
      </Group>
      <Group justify="flex-end">
        <Button
          size="xs"
          leftSection={<IconLink size={14} />}
          onClick={() => void submit()}
          loading={add.isPending}
        >
          Adicionar dependência
        </Button>
      </Group>
    </Stack>
  );
}

/** Predecessors and successors of a task (finish-to-start with lag), with the editor. */
export function DependenciesPanel({ task }: { task: Protocol }) {
  const deps = useDependencies(task.id);
  const remove = useRemoveDependency(task.id);
  const canEdit = task.permissions.edit_dependencies;
  const preds = (deps.data ?? []).filter((d) => d.protocol_id === task.id);
  const succs = (deps.data ?? []).filter((d) => d.predecessor_id === task.id);

  const confirmRemove = (dep: Dependency) =>
    modals.openConfirmModal({
      title: 'Remover dependência',
      children: (
        <Text size="sm">
          "{dep.successor.titulo}" deixará de depender de "{dep.predecessor.titulo}". As datas não
          mudam.
        </Text>
      ),
      labels: { confirm: 'Remover', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(dep.id),
    });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="md" mb={4}>
        Dependências
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        Uma tarefa só começa depois do fim das que ela depende, mais o intervalo. Mudar as datas
        adia as dependentes automaticamente.
      </Text>
      {deps.isPending ? (
        <ListLoading rows={2} height={40} />
      ) : deps.isError ? (
        <ListError message={deps.error.message} onRetry={() => void deps.refetch()} />
      ) : (
        <Stack gap="md">
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              Depende de
            </Text>
            {preds.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nenhuma tarefa predecessora.
              </Text>
            ) : (
              preds.map((d) => (
                <LinkRow
                  key={d.id}
                  dep={d}
                  other={d.predecessor}
                  canEdit={canEdit}
                  onRemove={confirmRemove}
                />
              ))
            )}
          </Stack>
          <Stack gap="xs">
            <Group gap={4}>
              <Text size="sm" fw={600}>
                Tarefas que dependem desta
              </Text>
              <IconArrowRight size={14} />
            </Group>
            {succs.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nenhuma tarefa dependente.
              </Text>
            ) : (
              succs.map((d) => (
                <LinkRow
                  key={d.id}
                  dep={d}
                  other={d.successor}
                  canEdit={canEdit}
                  onRemove={confirmRemove}
                />
              ))
            )}
          </Stack>
          {canEdit && <AddForm task={task} />}
        </Stack>
      )}
    </Paper>
  );
}
