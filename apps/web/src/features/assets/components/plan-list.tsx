import { formatDateBr, periodicityText, type Plan } from '@eproto/domain';
import { Badge, Button, Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';

import type { ListColumn } from '../../../components/list-page.tsx';

/** "Todos: Ar-condicionado split" or "Ativo AC-C3-301". */
export const planTarget = (p: Plan) =>
  p.ativo_alvo ? `Ativo ${p.ativo_alvo.tag}` : `Todos: ${p.tipo_ativo?.nome ?? '—'}`;

/** Ligado / Desligado / Parado (with why, the asset was replaced or deactivated). */
function PlanStateBadge({ p }: { p: Plan }) {
  if (p.parado) {
    return (
      <Tooltip label={p.parado} multiline w={280} withArrow>
        <Badge variant="light" color="orange" tabIndex={0}>
          Parado
        </Badge>
      </Tooltip>
    );
  }
  return (
    <Badge variant="light" color={p.ativo ? 'teal' : 'gray'}>
      {p.ativo ? 'Ligado' : 'Desligado'}
    </Badge>
  );
}

interface Actions {
  /** Gestão: the on/off switch and "Editar"; without it the list only reads. */
  edit?: { onToggle: (p: Plan, ativo: boolean) => void; onEdit: (p: Plan) => void; busy: boolean };
}

function PlanActions({ p, edit }: { p: Plan } & Required<Actions>) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Switch
        aria-label={`Plano ${planTarget(p)} ligado`}
        checked={p.ativo}
        disabled={edit.busy}
        onChange={(e) => edit.onToggle(p, e.currentTarget.checked)}
      />
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconPencil size={14} />}
        onClick={() => edit.onEdit(p)}
        aria-label={`Editar plano ${planTarget(p)}`}
      >
        Editar
      </Button>
    </Group>
  );
}

const next = (p: Plan) => (p.proxima ? formatDateBr(p.proxima) : '—');

/** The table's columns (tablets up). */
export function planColumns({ edit }: Actions): ListColumn<Plan>[] {
  const cols: ListColumn<Plan>[] = [
    {
      header: 'Alvo',
      cell: (p) => (
        <Text fw={600} size="sm">
          {planTarget(p)}
        </Text>
      ),
      maw: 240,
    },
    { header: 'Checklist', cell: (p) => p.servico.nome, maw: 240 },
    {
      header: 'Periodicidade',
      cell: (p) => periodicityText(p.periodicidade, p.intervalo_dias, p.intervalo_horas),
      nowrap: true,
    },
    { header: 'Próxima', cell: next, nowrap: true },
    { header: 'Ativos', cell: (p) => p.ativos_cobertos, right: true },
    {
      header: 'Situação',
      cell: (p) => (
        <Stack gap={2}>
          <PlanStateBadge p={p} />
          {(p.parado ?? p.aviso) && (
            <Text size="xs" c={p.parado ? 'dimmed' : 'orange'} maw={260}>
              {p.parado ?? p.aviso}
            </Text>
          )}
        </Stack>
      ),
      maw: 280,
    },
  ];
  if (edit) cols.push({ header: 'Ações', cell: (p) => <PlanActions p={p} edit={edit} /> });
  return cols;
}

/** A plan on a phone: target and state, checklist, periodicity and next date. */
export function PlanCard({ p, edit }: { p: Plan } & Actions) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700} size="sm">
          {planTarget(p)}
        </Text>
        <PlanStateBadge p={p} />
      </Group>
      <Text size="sm">{p.servico.nome}</Text>
      <Text size="sm" c="dimmed">
        {periodicityText(p.periodicidade, p.intervalo_dias, p.intervalo_horas)} · próxima {next(p)}{' '}
        · {p.ativos_cobertos} {p.ativos_cobertos === 1 ? 'ativo' : 'ativos'}
      </Text>
      {(p.parado ?? p.aviso) && (
        <Text size="xs" c="orange">
          {p.parado ?? p.aviso}
        </Text>
      )}
      {edit && <PlanActions p={p} edit={edit} />}
    </Stack>
  );
}
