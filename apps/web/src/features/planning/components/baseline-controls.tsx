import type { BaselineSummary } from '@eproto/domain';
import { BASELINE_NAME_MAX } from '@eproto/domain';
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

import { TextInput } from '../../../components/text-fields.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useCreateBaseline, useDeleteBaseline } from '../api/baselines.ts';

interface Props {
  muralId: number;
  baselines: BaselineSummary[];
  selected: number | null;
  onSelect: (id: number | null) => void;
  /** The caller plans the demand: saves and deletes baselines. */
  canPlan: boolean;
}

/** "Salvar linha de base": asks the name, saves the plan as it is now and shows it. */
function SaveBaseline({ muralId, onSaved }: { muralId: number; onSaved: (id: number) => void }) {
  const [open, setOpen] = useState(false);
  const [nome, setNome] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateBaseline();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!nome.trim()) return setError('Informe o nome da linha de base.');
    create.mutate(
      { mural_id: muralId, nome: nome.trim() },
      {
        onSuccess: (b) => {
          setOpen(false);
          setNome('');
          onSaved(b.id);
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconBookmarkPlus size={16} />}
        onClick={() => {
          setError(null);
          setNome(`Plano de ${formatDate(new Date())}`);
          setOpen(true);
        }}
      >
        Salvar linha de base
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Salvar linha de base">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Guarda as datas previstas de cada tarefa como estão agora, para comparar com o
              andamento do plano.
            </Text>
            <TextInput
              label="Nome"
              required
              data-autofocus
              maxLength={BASELINE_NAME_MAX}
              value={nome}
              onChange={(e) => setNome(e.currentTarget.value)}
              error={error}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancelar
              </Button>
              <Button type="submit" loading={create.isPending}>
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
function DeleteBaseline({
  baseline,
  onDeleted,
}: {
  baseline: BaselineSummary;
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteBaseline();
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
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(baseline, {
                  onSuccess: () => {
                    setOpen(false);
                    onDeleted();
                  },
                })
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
export function BaselineControls({ muralId, baselines, selected, onSelect, canPlan }: Props) {
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
      {canPlan && chosen && <DeleteBaseline baseline={chosen} onDeleted={() => onSelect(null)} />}
      {canPlan && <SaveBaseline muralId={muralId} onSaved={onSelect} />}
    </Group>
  );
}
