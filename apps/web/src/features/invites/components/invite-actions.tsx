import type { Invite, Role } from '@eproto/domain';
import { canChangeRole } from '@eproto/domain';
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconMailForward, IconX } from '@tabler/icons-react';

import { useResendInvite } from '../api/resend-invite.ts';
import { useRevokeInvite } from '../api/revoke-invite.ts';

/** Resend (new 7-day link) and revoke buttons of a pending or expired invitation. */
export function InviteActions({ invite, actorRole }: { invite: Invite; actorRole: Role }) {
  const resend = useResendInvite();
  const revoke = useRevokeInvite();
  if (invite.status !== 'pendente' && invite.status !== 'expirado') return null;
  const mayResend = canChangeRole(actorRole, null, invite.role);

  const confirmRevoke = () =>
    modals.openConfirmModal({
      title: 'Revogar convite',
      children: (
        <Text size="sm">
          O link enviado para {invite.email} deixará de funcionar imediatamente.
        </Text>
      ),
      labels: { confirm: 'Revogar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(invite),
    });

  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {mayResend && (
        <Tooltip label="Reenviar (novo link válido por 7 dias)">
          <ActionIcon
            variant="subtle"
            aria-label={`Reenviar convite para ${invite.email}`}
            onClick={() => resend.mutate(invite)}
            loading={resend.isPending}
          >
            <IconMailForward size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label="Revogar">
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Revogar convite para ${invite.email}`}
          onClick={confirmRevoke}
        >
          <IconX size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
