import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';

import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { newPasswordProblem } from '../../../lib/use-password-verdict.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { authErrorMessage } from '../utils/auth-messages.ts';
import type { NewPasswordValues } from '../utils/password-schema.ts';
import { newPasswordSchema } from '../utils/password-schema.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

export const RESET_DONE_MESSAGE = 'Senha redefinida com sucesso! Faça login com a nova senha.';

interface ResetPasswordFormProps {
  token: string;
  /** The account's e-mail: a password containing it is refused. */
  email: string;
  onDone: () => void;
}

/** New password + confirmation for a valid reset link. */
export function ResetPasswordForm({ token, email, onDone }: ResetPasswordFormProps) {
  const mutation = useResetPassword();
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });

  const onSubmit = form.handleSubmit(async ({ password }) => {
    const problem = await newPasswordProblem(password, { email });
    if (problem) {
      form.setError('password', { message: problem });
      return;
    }
    try {
      await mutation.mutateAsync({ token, password });
      toastSuccess(RESET_DONE_MESSAGE);
      onDone();
    } catch (error) {
      toastError(authErrorMessage(error, 'Não foi possível redefinir a senha. Tente novamente.'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Redefinir senha">
      <Stack gap="md">
        <NewPasswordFields
          form={form}
          owner={{ email }}
          label="Nova senha"
          confirmLabel="Confirme a nova senha"
          autoFocus
        />
        <Button type="submit" fullWidth size="md" variant="gradient" loading={mutation.isPending}>
          Salvar nova senha
        </Button>
      </Stack>
    </form>
  );
}
