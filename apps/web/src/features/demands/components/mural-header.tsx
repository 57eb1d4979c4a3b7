import type { Mural } from '@eproto/domain';
import {
  Anchor,
  Avatar,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Spoiler,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { LateBadge, PriorityBadge } from '../../../components/work-badges.tsx';
import { MuralDates } from './mural-dates.tsx';
import classes from './mural-header.module.css';
import { StageControl } from './stage-control.tsx';
import { PresenceNote } from '../../../components/presence-note.tsx';

interface Props {
  mural: Mural;
  /** Whether the user may open /eproto/quadros (link to the board). */
  canOpenBoards: boolean;
  onEdit: () => void;
  actions?: ReactNode;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </div>
  );
}

const FINANCE_LABELS = {
  enviado: 'Enviada ao financeiro',
  visualizado: 'Vista pelo financeiro',
  concluido: 'Concluída no financeiro',
} as const;

/** Title, stage, priority, people, board, contract, planned vs real dates and description. */
export function MuralHeader({ mural: m, canOpenBoards, onEdit, actions }: Props) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6} miw={0} style={{ flex: '1 1 320px' }}>
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              #{m.id}
            </Text>
            <PriorityBadge prioridade={m.prioridade} />
            {m.atrasada && <LateBadge />}
            {m.finance_status && (
              <Text size="xs" c="dimmed">
                · {FINANCE_LABELS[m.finance_status]}
              </Text>
            )}
          </Group>
          <Title order={1} fz={{ base: 20, sm: 24 }} style={{ overflowWrap: 'anywhere' }}>
            {m.titulo}
          </Title>
          <PresenceNote muralId={m.id} />
        </Stack>
        <Group
          className={classes.actions}
          gap="xs"
          wrap="wrap"
          justify="flex-end"
          w={{ base: '100%', sm: 'auto' }}
        >
          <StageControl mural={m} />
          {m.permissions.edit && (
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onEdit}>
              Editar
            </Button>
          )}
          {actions}
        </Group>
      </Group>

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="sm">
            <Field label="Responsável">
              <Group gap={6} wrap="nowrap" mt={2}>
                <Avatar
                  src={m.responsavel_avatar}
                  name={m.responsavel_nome ?? undefined}
                  color="initials"
                  size={22}
                  radius="xl"
                />
                <Text
                  size="sm"
                  fw={500}
                  truncate="end"
                  c={m.responsavel_nome ? undefined : 'dimmed'}
                >
                  {m.responsavel_nome ?? 'Sem responsável'}
                </Text>
              </Group>
            </Field>
            <Field label="Contrato">
              <Text size="sm" fw={500} lineClamp={2} c={m.contract_nome ? undefined : 'dimmed'}>
                {m.contract_nome ?? 'Sem contrato'}
              </Text>
            </Field>
            <Field label="Quadro">
              <div>
                {canOpenBoards ? (
                  <Anchor
                    component={Link}
                    to={`/eproto/quadros?quadro=${m.board_id}`}
                    size="sm"
                    fw={500}
                    lineClamp={1}
                  >
                    {m.board_nome}
                  </Anchor>
                ) : (
                  <Text size="sm" fw={500} lineClamp={1}>
                    {m.board_nome}
                  </Text>
                )}
              </div>
            </Field>
            <Field label="Criada por">
              <Text size="sm" fw={500} truncate="end">
                {m.created_by_nome ?? '—'}
              </Text>
            </Field>
          </SimpleGrid>
          <MuralDates mural={m} />
          {m.descricao && (
            <Spoiler maxHeight={96} showLabel="Ver mais" hideLabel="Ver menos">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.descricao}
              </Text>
            </Spoiler>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
