import '../../../lib/zod-locale.ts';

import { textMaxLength, updateProfileBody, type Profile } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';

import { toastSuccess } from '../../../lib/toast.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { TextInput } from '../../../components/text-fields.tsx';

/** Name shown to colleagues across the app; checked by the domain's updateProfileBody. */
export function ProfileNameForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const form = useForm({
    resolver: zodResolver(updateProfileBody),
    defaultValues: { nome: profile.nome },
  });
  const nome = useWatch({ control: form.control, name: 'nome' }) ?? '';
  const changed = nome.trim() !== profile.nome;

  return (
    <form
      onSubmit={form.handleSubmit((body) => {
        if (!changed) return;
        update.mutate({ nome: body.nome }, { onSuccess: () => toastSuccess('Nome atualizado.') });
      })}
      noValidate
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Nome"
          {...form.register('nome')}
          error={form.formState.errors.nome?.message}
          maxLength={textMaxLength(updateProfileBody, 'nome')}
          flex="1 1 240px"
        />
        <Button
          type="submit"
          mt={{ base: 0, xs: 25 }}
          loading={update.isPending}
          disabled={!changed}
        >
          Salvar nome
        </Button>
      </Group>
    </form>
  );
}
