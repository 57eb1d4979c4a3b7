import '../../../lib/zod-locale.ts';

import { baselineCreateBody, textMaxLength } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Popover,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconBookmarkPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { TextInput } from '../../../components/text-fields.tsx';
import { formatDate } from '../../../lib/dates.ts';

/** A saved baseline as the picker shows it (of a demand or of a team). */
interface BaselineItem {
  id: number;
  nome: string;
  created_at: string;
}

interface Props<B extends BaselineItem> {
  baselines: B[];
  selected: number | null;
  onSelect: (id: number | null) => void;
  /** The caller plans (the demand, or the team): saves and deletes baselines. */
  canPlan: boolean;
  /** Saves the plan as it is now under `nome`; resolves with the new baseline. */
  onCreate: (nome: string) => Promise<{ id: number }>;
  creating: boolean;
  onDelete: (b: B) => Promise<unknown>;
  deleting: boolean;
  /** What is saved, in the dialog. */
  hint?: string;
}

/** The dialog's one field, checked as the domain's body checks it (a demand's or a team's). */
const nameFields = baselineCreateBody.pick({ nome: true });

const DEMAND_HINT =
  'Guarda as datas previstas de cada tarefa como estão agora, para comparar com o andamento do plano.';

/** "Salvar linha de base": asks the name, saves the plan as it is now and shows it. */
function SaveBaseline({
  onCreate,
  creating,
  onSaved,
  hint,
}: {
  onCreate: (nome: string) => Promise<{ id: number }>;
  creating: boolean;
  onSaved: (id: number) => void;
  hint: string;
}) {
  const [open, setOpen] = useState(false);
  const form = useForm({ resolver: zodResolver(nameFields), defaultValues: { nome: '' } });
  const submit = form.handleSubmit(({ nome }) =>
    onCreate(nome).then(
      (b) => {
        setOpen(false);
        onSaved(b.id);
      },
      (err: Error) => form.setError('nome', { message: err.message }),
    ),
  );
  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconBookmarkPlus size={16} />}
        onClick={() => {
          form.reset({ nome: `Plano de ${formatDate(new Date())}` });
          setOpen(true);
        }}
      >
        Salvar linha de base
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Salvar linha de base">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit(e);
          }}
        >
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
            <TextInput
              label="Nome"
              required
              data-autofocus
              maxLength={textMaxLength(nameFields, 'nome')}
              {...form.register('nome')}
              error={form.formState.errors.nome?.message}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancelar
              </Button>
              <Button type="submit" loading={creating}>
                Salvar
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

/** Deletes the chosen baseline after a confirmation. */
function DeleteBaseline<B extends BaselineItem>({
  baseline,
  onDelete,
  deleting,
  onDeleted,
}: {
  baseline: B;
  onDelete: (b: B) => Promise<unknown>;
  deleting: boolean;
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Popover opened={open} onChange={setOpen} withArrow shadow="md" position="bottom-end">
      <Popover.Target>
        <Tooltip label="Excluir linha de base">
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Excluir linha de base ${baseline.nome}`}
            onClick={() => setOpen((o) => !o)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown maw={280}>
        <Stack gap="xs">
          <Text size="sm">Excluir a linha de base &quot;{baseline.nome}&quot;?</Text>
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpen(false)}>
              Cancelar
            </Button>
            <Button
              size="xs"
              color="red"
              loading={deleting}
              onClick={() =>
                onDelete(baseline).then(
                  () => {
                    setOpen(false);
                    onDeleted();
                  },
                  () => undefined,
                )
              }
            >
              Excluir
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The Gantt's baseline picker: compare with a saved plan, save a new one, delete one. */
export function BaselineControls<B extends BaselineItem>(props: Props<B>) {
  const { baselines, selected, onSelect, canPlan } = props;
  const chosen = baselines.find((b) => b.id === selected) ?? null;
  const options = [
    { value: '', label: 'Sem linha de base' },
    ...baselines.map((b) => ({
      value: String(b.id),
      label: `${b.nome} (${formatDate(b.created_at)})`,
    })),
  ];
  return (
    <Group gap="xs" wrap="wrap">
      <Select
        size="xs"
        aria-label="Linha de base"
        w={{ base: 170, sm: 220 }}
        data={options}
        value={selected === null ? '' : String(selected)}
        onChange={(v) => onSelect(v ? Number(v) : null)}
        allowDeselect={false}
        disabled={baselines.length === 0}
        comboboxProps={{ withinPortal: true }}
      />
      {canPlan && chosen && (
        <DeleteBaseline
          baseline={chosen}
          onDelete={props.onDelete}
          deleting={props.deleting}
          onDeleted={() => onSelect(null)}
        />
      )}
      {canPlan && (
        <SaveBaseline
          onCreate={props.onCreate}
          creating={props.creating}
          onSaved={onSelect}
          hint={props.hint ?? DEMAND_HINT}
        />
      )}
    </Group>
  );
}
