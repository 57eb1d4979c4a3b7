import { MSG, landingPathFor, textMaxLength } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';

import { setFlash } from '../../../lib/flash.ts';
import { hardRedirect } from '../../../lib/navigation.ts';
import { setSessionUser } from '../../../lib/session.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { newPasswordProblem } from '../../../lib/use-password-verdict.ts';
import { useAcceptInvite } from '../api/accept-invite.ts';
import { authErrorMessage } from '../utils/auth-messages.ts';
import type {
  AcceptInviteFormInput,
  AcceptInviteFormValues,
} from '../utils/accept-invite-schema.ts';
import { acceptInviteFormSchema } from '../utils/accept-invite-schema.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { TextInput } from '../../../components/text-fields.tsx';

export const INVITE_DONE_MESSAGE = 'Conta criada com sucesso! Boas-vindas ao E-Proto.';

interface AcceptInviteFormProps {
  token: string;
  /** The invited e-mail: a password containing it (or the name) is refused. */
  email: string;
  initialName: string;
}

/** Name + password for an invitation; on success the person is signed in and sent on by role. */
export function AcceptInviteForm({ token, email, initialName }: AcceptInviteFormProps) {
  const mutation = useAcceptInvite();
  const form = useForm<AcceptInviteFormInput, unknown, AcceptInviteFormValues>({
    resolver: zodResolver(acceptInviteFormSchema),
    defaultValues: { nome: initialName, password: '', confirm: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ nome, password }) => {
    const problem = await newPasswordProblem(password, { email, nome });
    if (problem) {
      form.setError('password', { message: problem });
      return;
    }
    try {
      const result = await mutation.mutateAsync({ token, nome, password });
      const user = result?.user;
      if (!user) {
        toastError(MSG.loginNoUser);
        return;
      }
      setSessionUser(user);
      toastSuccess(INVITE_DONE_MESSAGE);
      setFlash(INVITE_DONE_MESSAGE);
      hardRedirect(landingPathFor(user.rawType || user.type));
    } catch (error) {
      toastError(authErrorMessage(error, 'Não foi possível aceitar o convite. Tente novamente.'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Aceitar convite">
      <Stack gap="md">
        <TextInput
          {...form.register('nome')}
          maxLength={textMaxLength(acceptInviteFormSchema, 'nome')}
          label="Nome completo"
          placeholder="Seu nome e sobrenome"
          autoComplete="name"
          required
          error={errors.nome?.message}
          autoFocus
        />
        <NewPasswordFields
          form={form}
          owner={{ email, nome: form.watch('nome') }}
          label="Senha"
          confirmLabel="Confirme a senha"
        />
        <Button type="submit" fullWidth size="md" variant="gradient" loading={mutation.isPending}>
          Criar minha conta
        </Button>
      </Stack>
    </form>
  );
}
