import type { AdminUser, Role } from '@eproto/domain';
import { can, canManageUser, MANAGE_PRIVILEGED_DENIED } from '@eproto/domain';
import { ActionIcon, Menu, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { modals } from '@mantine/modals';
import {
  IconDots,
  IconKey,
  IconPencil,
  IconUserCheck,
  IconUserOff,
  IconUserX,
} from '@tabler/icons-react';

import { useSendPasswordReset } from '../api/send-password-reset.ts';
import { useSetUserActive } from '../api/set-user-active.ts';
import { AnonymizeUserModal } from './anonymize-user-modal.tsx';

interface Props {
  user: AdminUser;
  actorId: number;
  actorRole: Role;
  onEdit: (user: AdminUser) => void;
}

/**
 * Edit, send a password reset, deactivate or reactivate, and (ti, a deactivated account)
 * anonymise — with confirmation where it matters. An anonymised account has no actions.
 * Accounts the actor may not manage (an administrador and a ti, diretoria or CFO account) show
 * those actions disabled, with the reason under them.
 */
export function UserActionsMenu({ user, actorId, actorRole, onEdit }: Props) {
  const setActive = useSetUserActive();
  const reset = useSendPasswordReset();
  const reasonId = useId();
  const self = user.id === actorId;
  const manage = canManageUser(actorRole, user.rawType);
  const locked = manage ? {} : { disabled: true, 'aria-describedby': reasonId };
  const [anonymizing, setAnonymizing] = useState(false);
  const gone = user.anonymizedAt !== null;
  const mayAnonymize = !self && !user.active && !gone && can(actorRole, 'users.anonymize');

  const confirmDeactivate = () =>
    modals.openConfirmModal({
      title: 'Desativar usuário',
      children: (
        <Text size="sm">
          {user.nome} não poderá mais entrar no E-Proto e todas as sessões abertas serão encerradas
          agora. Você pode reativar a conta depois.
        </Text>
      ),
      labels: { confirm: 'Desativar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => setActive.mutate({ user, active: false }),
    });

  const confirmReset = () =>
    modals.openConfirmModal({
      title: 'Enviar redefinição de senha',
      children: (
        <Text size="sm">
          Enviaremos para {user.email} um link válido por 1 hora para criar uma nova senha.
        </Text>
      ),
      labels: { confirm: 'Enviar link', cancel: 'Cancelar' },
      onConfirm: () => reset.mutate(user),
    });

  if (gone) return null;

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Ações para ${user.nome}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconPencil size={16} />}
            onClick={() => onEdit(user)}
            {...locked}
          >
            Editar nome e papel
          </Menu.Item>
          <Menu.Item
            leftSection={<IconKey size={16} />}
            onClick={confirmReset}
            disabled={!user.active}
          >
            Enviar redefinição de senha
          </Menu.Item>
          {!self && <Menu.Divider />}
          {!self && user.active && (
            <Menu.Item
              color="red"
              leftSection={<IconUserOff size={16} />}
              onClick={confirmDeactivate}
              {...locked}
            >
              Desativar
            </Menu.Item>
          )}
          {!self && !user.active && (
            <Menu.Item
              color="teal"
              leftSection={<IconUserCheck size={16} />}
              onClick={() => setActive.mutate({ user, active: true })}
              {...locked}
            >
              Reativar
            </Menu.Item>
          )}
          {mayAnonymize && (
            <Menu.Item
              color="red"
              leftSection={<IconUserX size={16} />}
              onClick={() => setAnonymizing(true)}
            >
              Anonimizar (LGPD)
            </Menu.Item>
          )}
          {!manage && (
            <Text id={reasonId} size="xs" c="dimmed" px="sm" py={6} maw={264}>
              {MANAGE_PRIVILEGED_DENIED}
            </Text>
          )}
        </Menu.Dropdown>
      </Menu>
      {mayAnonymize && (
        <AnonymizeUserModal
          user={user}
          opened={anonymizing}
          onClose={() => setAnonymizing(false)}
        />
      )}
    </>
  );
}
