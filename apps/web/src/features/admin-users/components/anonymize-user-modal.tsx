import type { AdminUser } from '@eproto/domain';
import { anonymizeUserBody, sameTypedName, textMaxLength } from '@eproto/domain';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';

import { TextInput } from '../../../components/text-fields.tsx';
import { useAnonymizeUser } from '../api/anonymize-user.ts';

interface Props {
  user: AdminUser;
  opened: boolean;
  onClose: () => void;
}

/**
 * LGPD anonymisation of a deactivated account: says what goes and what stays, and asks ti to
 * type the person's name before the button works.
 */
export function AnonymizeUserModal({ user, opened, onClose }: Props) {
  const anonymize = useAnonymizeUser();
  const [typed, setTyped] = useState('');
  const matches = sameTypedName(typed, user.nome);
  const close = () => {
    setTyped('');
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Anonimizar dados pessoais" size="lg">
      <Stack gap="sm">
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          Esta ação não pode ser desfeita.
        </Alert>
        <Text size="sm">
          A conta de <b>{user.nome}</b> passa a se chamar “Pessoa removida #{user.id}”.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            Removidos: nome, e-mail, CPF, foto, aparelhos de notificação, link do calendário; as
            sessões e os tokens são encerrados e não é mais possível entrar.
          </List.Item>
          <List.Item>
            Mantidos por obrigação legal: ficha de EPI, registros de SST (ASO, treinamentos),
            relatórios de OS já selados e o registro de atividade.
          </List.Item>
        </List>
        <TextInput
          label={`Digite o nome da pessoa para confirmar: ${user.nome}`}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          maxLength={textMaxLength(anonymizeUserBody, 'confirmacao')}
          autoComplete="off"
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancelar
          </Button>
          <Button
            color="red"
            disabled={!matches}
            loading={anonymize.isPending}
            onClick={() => anonymize.mutate({ user, confirmacao: typed }, { onSuccess: close })}
          >
            Anonimizar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
