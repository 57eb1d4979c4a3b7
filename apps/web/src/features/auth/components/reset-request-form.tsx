import { MSG } from '@eproto/domain';
import { Button, Group } from '@mantine/core';
import { IconAt } from '@tabler/icons-react';
import { useState } from 'react';

import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { isValidResetEmail, resetRequestErrorMessage } from '../utils/auth-messages.ts';
import { TextInput } from '../../../components/text-fields.tsx';

interface ResetRequestFormProps {
  initialEmail?: string;
  onCancel: () => void;
  onSent: () => void;
}

/** "Recuperar acesso": asks for the e-mail and requests a reset link (SPEC.md §5, §8). */
export function ResetRequestForm({ initialEmail = '', onCancel, onSent }: ResetRequestFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const mutation = useRequestPasswordReset();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!isValidResetEmail(value)) {
      toastError(MSG.resetInvalidEmail);
      return;
    }
    try {
      await mutation.mutateAsync(value);
      toastSuccess(MSG.resetOk);
      onSent();
    } catch (error) {
      toastError(resetRequestErrorMessage(error));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Recuperar acesso">
      <TextInput
        type="email"
        label="E-mail"
        placeholder="seu.nome@empresa.com.br"
        description="Enviaremos um link para você criar uma nova senha."
        autoComplete="email"
        required
        data-autofocus
        leftSection={<IconAt size={16} />}
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
      />
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" type="button" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          Enviar link
        </Button>
      </Group>
    </form>
  );
}
