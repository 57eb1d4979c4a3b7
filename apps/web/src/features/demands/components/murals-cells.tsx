import type { MuralSummary } from '@eproto/domain';
import { formatDateBr } from '@eproto/domain';
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

import { HintTooltip } from '../../../components/hint-tooltip.tsx';
import { InitialsAvatar } from '../../../components/initials-avatar.tsx';
import classes from './kanban.module.css';

// What a demand shows both as a phone's card (murals-table.tsx) and as a row of the wide table
// (murals-wide-table.tsx).

export function MuralTitle({ m, withId }: { m: MuralSummary; withId?: boolean }) {
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      {withId && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          #{m.id}
        </Text>
      )}
      {m.unread && (
        <HintTooltip label="Há novidades desde a sua última visita">
          <span className={classes.unreadDot} role="status" aria-label="Não visualizada" />
        </HintTooltip>
      )}
      <Anchor
        component={Link}
        to={`/eproto/murals/${m.id}`}
        fw={m.unread ? 700 : 600}
        size="sm"
        lineClamp={2}
        c="inherit"
      >
        {m.titulo}
      </Anchor>
    </Group>
  );
}

export function MuralPerson({ m }: { m: MuralSummary }) {
  if (!m.responsavel_nome)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Group gap={6} wrap="nowrap">
      <InitialsAvatar src={m.responsavel_avatar} name={m.responsavel_nome} size={24} />
      <Text size="sm" truncate="end">
        {m.responsavel_nome}
      </Text>
    </Group>
  );
}

/** The due date: a plain 'YYYY-MM-DD', written without dayjs (not in a phone's first load). */
export function MuralDue({ m }: { m: MuralSummary }) {
  if (!m.fim_previsto)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Text size="sm" c={m.atrasada ? 'red' : undefined} fw={m.atrasada ? 700 : undefined}>
      {formatDateBr(m.fim_previsto)}
    </Text>
  );
}
