import '../../../lib/zod-locale.ts';

import type { Role } from '@eproto/domain';
import {
  assignableRoleTitles,
  INVITE_TTL_DAYS,
  SIMPLE_EMAIL_RE,
  textMaxLength,
} from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';

import { ApiError } from '../../../lib/api-error.ts';
import { toastError } from '../../../lib/toast.ts';
import { useCreateInvite } from '../api/create-invite.ts';
import { useContractOptions } from '../../../components/pickers/contracts.ts';
import { TextInput } from '../../../components/text-fields.tsx';

const schema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Informe o e-mail.')
    .regex(SIMPLE_EMAIL_RE, 'Informe um e-mail válido.'),
  nome: z.string().trim().max(120, 'Nome longo demais.'),
  role: z.string().min(1, 'Escolha o papel.'),
  contractIds: z.array(z.string()),
});
type FormValues = z.infer<typeof schema>;
const EMPTY: FormValues = { email: '', nome: '', role: '', contractIds: [] };

/** Invite by e-mail with a role and contracts; the link is valid for 7 days. */
export function InviteForm({ actorRole }: { actorRole: Role }) {
  const create = useCreateInvite();
  const contracts = useContractOptions({ status: 'aberto' });
  const form = useForm<FormValues>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await create.mutateAsync({
        email: v.email,
        nome: v.nome || undefined,
        role: v.role,
        contractIds: v.contractIds.map(Number),
      });
      form.reset(EMPTY);
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined;
      const message = error instanceof Error ? error.message : 'Não foi possível enviar o convite.';
      if (field === 'email' || field === 'role' || field === 'contractIds') {
        form.setError(field, { message });
      } else toastError(message);
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Novo convite">
      <Stack gap="md">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextInput
              {...form.register('email')}
              maxLength={textMaxLength(schema, 'email')}
              label="E-mail"
              placeholder="nome@empresa.com.br"
              type="email"
              required
              error={errors.email?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextInput
              {...form.register('nome')}
              maxLength={textMaxLength(schema, 'nome')}
              label="Nome (opcional)"
              placeholder="A pessoa poderá ajustar ao aceitar"
              error={errors.nome?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <Select
                  label="Papel"
                  placeholder="Escolha o papel"
                  data={assignableRoleTitles(actorRole, null)}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  onBlur={field.onBlur}
                  searchable
                  required
                  error={errors.role?.message}
                  nothingFoundMessage="Nenhum papel encontrado"
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Controller
              control={form.control}
              name="contractIds"
              render={({ field }) => (
                <MultiSelect
                  label="Contratos"
                  placeholder={field.value.length ? undefined : 'Nenhum contrato'}
                  data={contracts.data ?? []}
                  value={field.value}
                  onChange={field.onChange}
                  searchable
                  clearable
                  hidePickedOptions
                  disabled={contracts.isError}
                  error={
                    errors.contractIds?.message ??
                    (contracts.isError ? 'Não foi possível carregar os contratos.' : undefined)
                  }
                  nothingFoundMessage={contracts.isPending ? 'Carregando...' : 'Nenhum contrato'}
                />
              )}
            />
          </Grid.Col>
        </Grid>
        <Stack gap={6} align="flex-end">
          <Button type="submit" leftSection={<IconSend size={16} />} loading={create.isPending}>
            Enviar convite
          </Button>
          <Text size="xs" c="dimmed" ta="right">
            O link vale por {INVITE_TTL_DAYS} dias e pode ser usado uma única vez.
          </Text>
        </Stack>
      </Stack>
    </form>
  );
}
