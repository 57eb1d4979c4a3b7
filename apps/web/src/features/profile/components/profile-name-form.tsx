import type { Profile } from '@eproto/domain';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';

import { toastSuccess } from '../../../lib/toast.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { TextInput } from '../../../components/text-fields.tsx';

/** Name shown to colleagues across the app. */
export function ProfileNameForm({ profile }: { profile: Profile }) {
  const [nome, setNome] = useState(profile.nome);
  const update = useUpdateProfile();
  const trimmed = nome.trim();
  const error = trimmed.length < 2 ? 'Informe o nome completo.' : null;
  const changed = trimmed !== profile.nome;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (error || !changed) return;
        update.mutate({ nome: trimmed }, { onSuccess: () => toastSuccess('Nome atualizado.') });
      }}
      noValidate
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Nome"
          value={nome}
          onChange={(e) => setNome(e.currentTarget.value)}
          error={changed ? error : null}
          maxLength={120}
          flex="1 1 240px"
        />
        <Button
          type="submit"
          mt={{ base: 0, xs: 25 }}
          loading={update.isPending}
          disabled={!changed || !!error}
        >
          Salvar nome
        </Button>
      </Group>
    </form>
  );
}
