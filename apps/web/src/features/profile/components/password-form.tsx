import '../../../lib/zod-locale.ts';

import type { PasswordOwner } from '@eproto/domain';
import { password, PASSWORD_MAX } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { PasswordStrengthMeter } from '../../../components/password-strength-meter.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { newPasswordProblem } from '../../../lib/use-password-verdict.ts';
import { useChangePassword } from '../api/change-password.ts';

const schema = z
  .object({
    currentPassword: z.string().min(1, 'Informe a senha atual.').max(PASSWORD_MAX),
    newPassword: password,
    confirm: z.string(),
  })
  .refine((v) => v.newPassword === v.confirm, {
    path: ['confirm'],
    message: 'As senhas não conferem.',
  });
type FormValues = z.infer<typeof schema>;
const EMPTY: FormValues = { currentPassword: '', newPassword: '', confirm: '' };

/** Change the password with the current one; every other session is ended. */
export function PasswordForm({ owner }: { owner: PasswordOwner }) {
  const change = useChangePassword();
  const form = useForm<FormValues>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    const problem = await newPasswordProblem(newPassword, owner);
    if (problem) {
      form.setError('newPassword', { message: problem });
      return;
    }
    try {
      const { message } = await change.mutateAsync({ currentPassword, newPassword });
      toastSuccess(message);
      form.reset(EMPTY);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Não foi possível trocar a senha.';
      const field = error instanceof ApiError ? error.field : undefined;
      if (field === 'currentPassword' || field === 'newPassword') form.setError(field, { message });
      else toastError(message);
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Trocar senha">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <PasswordInput
            {...form.register('currentPassword')}
            label="Senha atual"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
          />
          <PasswordInput
            {...form.register('newPassword')}
            label="Nova senha"
            autoComplete="new-password"
            error={errors.newPassword?.message}
          />
          <PasswordInput
            {...form.register('confirm')}
            label="Confirme a nova senha"
            autoComplete="new-password"
            error={errors.confirm?.message}
          />
        </SimpleGrid>
        <PasswordStrengthMeter password={form.watch('newPassword')} owner={owner} />
        <Group justify="space-between" gap="sm">
          <Text size="xs" c="dimmed">
            A nova senha precisa de 10 a 128 caracteres, sem seu nome ou e-mail. Ao trocá-la, as
            sessões abertas em outros aparelhos são encerradas.
          </Text>
          <Button type="submit" loading={change.isPending}>
            Trocar senha
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
