import '../../../lib/zod-locale.ts';

import type { AdminUser } from '@eproto/domain';
import { anonymizeUserBody, sameTypedName, textMaxLength } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useForm, useWatch } from 'react-hook-form';

import { TextInput } from '../../../components/text-fields.tsx';
import { useAnonymizeUser } from '../api/anonymize-user.ts';

interface Props {
  user: AdminUser;
  opened: boolean;
  onClose: () => void;
}

/**
 * LGPD anonymisation of a deactivated account: says what goes and what stays, and asks ti to
 * type the person's name before the button works (the domain's anonymizeUserBody checks it).
 */
export function AnonymizeUserModal({ user, opened, onClose }: Props) {
  const anonymize = useAnonymizeUser();
  const form = useForm({
    resolver: zodResolver(anonymizeUserBody),
    defaultValues: { confirmacao: '' },
  });
  const typed = useWatch({ control: form.control, name: 'confirmacao' });
  const matches = sameTypedName(typed, user.nome);
  const close = () => {
    form.reset();
    onClose();
  };
  // Enter in the field submits too: only the name as shown goes (the button waits for it).
  const submit = form.handleSubmit(({ confirmacao }) => {
    if (sameTypedName(confirmacao, user.nome)) {
      anonymize.mutate({ user, confirmacao }, { onSuccess: close });
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Anonimizar dados pessoais" size="lg">
      <form
        noValidate
        aria-label="Anonimizar dados pessoais"
        onSubmit={(e) => {
          e.preventDefault();
          void submit(e);
        }}
      >
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
            {...form.register('confirmacao')}
            error={form.formState.errors.confirmacao?.message}
            maxLength={textMaxLength(anonymizeUserBody, 'confirmacao')}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" color="red" disabled={!matches} loading={anonymize.isPending}>
              Anonimizar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
