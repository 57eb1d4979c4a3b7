import type { TicketStatus } from '@eproto/domain';
import { canMoveTicket } from '@eproto/domain';
import { Button, Stack } from '@mantine/core';
import { IconCheck, IconPlayerPlay, IconRotateClockwise } from '@tabler/icons-react';

import { useSetTicketStatus } from '../api/set-ticket-status.ts';

const ACTIONS: Array<{ to: TicketStatus; label: string; color: string; icon: typeof IconCheck }> = [
  { to: 'em_atendimento', label: 'Iniciar atendimento', color: 'yellow', icon: IconPlayerPlay },
  { to: 'resolvido', label: 'Marcar como resolvido', color: 'teal', icon: IconCheck },
  { to: 'aberto', label: 'Voltar para aberto', color: 'gray', icon: IconRotateClockwise },
];

/** ti moves the ticket: aberto → em atendimento → resolvido (or reopens it). */
export function TicketStatusActions({ id, status }: { id: number; status: TicketStatus }) {
  const mutation = useSetTicketStatus();
  const actions = ACTIONS.filter((a) => canMoveTicket(status, a.to)).map((a) =>
    status === 'resolvido' && a.to === 'em_atendimento'
      ? { ...a, label: 'Reabrir chamado', icon: IconRotateClockwise }
      : a,
  );
  return (
    <Stack gap="xs">
      {actions.map(({ to, label, color, icon: Icon }) => (
        <Button
          key={to}
          variant={to === 'aberto' ? 'subtle' : 'light'}
          color={color}
          leftSection={<Icon size={16} />}
          onClick={() => mutation.mutate({ id, status: to })}
          loading={mutation.isPending && mutation.variables.status === to}
          disabled={mutation.isPending}
          fullWidth
        >
          {label}
        </Button>
      ))}
    </Stack>
  );
}
