import '../../../lib/zod-locale.ts';

import type { AdminUser, Role, UpdateUserBody } from '@eproto/domain';
import {
  assignableRoleTitles,
  formatCpf,
  isValidCpf,
  normalizeRole,
  ROLE_LABELS,
  updateUserBody,
  textMaxLength,
} from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, Text } from '@mantine/core';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import type { z } from 'zod';

import { FormDateField, FormSelect } from '../../../components/form-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { TextInput } from '../../../components/text-fields.tsx';
import { useUpdateUser } from '../api/update-user.ts';

interface Props {
  user: AdminUser | null;
  actorId: number;
  actorRole: Role;
  onClose: () => void;
}

interface FormValues {
  nome: string;
  role: string;
  cpf: string;
  matricula: string;
  funcao: string;
  admissao: string | null;
}

type Body = z.output<typeof updateUserBody>;

/**
 * Only what the person changed is checked and sent (a legacy title or a stored name the
 * schema would refuse today stays untouched); nothing changed is an empty body, and the
 * dialog just closes.
 */
function resolverFor(user: AdminUser): Resolver<FormValues, unknown, Body> {
  return (v, ctx, opts) => {
    const text = (now: string, before: string | null) => (now.trim() || null) !== before;
    const cpfChanged =
      (v.cpf.replace(/\D/g, '') || null) !== user.cpf ||
      (v.cpf.trim() !== '' && !isValidCpf(v.cpf));
    const changed: UpdateUserBody = {
      ...(v.nome.trim() !== user.nome && { nome: v.nome }),
      ...(v.role !== user.rawType && { role: v.role }),
      ...(cpfChanged && { cpf: v.cpf }),
      ...(text(v.matricula, user.matricula) && { matricula: v.matricula }),
      ...(text(v.funcao, user.funcao) && { funcao: v.funcao }),
      ...(v.admissao !== user.admissao && { admissao: v.admissao }),
    };
    if (Object.keys(changed).length === 0) return { values: {}, errors: {} };
    return zodResolver(updateUserBody)(changed, ctx, opts as never);
  };
}

function EditUserForm({ user, actorId, actorRole, onClose }: Props & { user: AdminUser }) {
  const update = useUpdateUser();
  const form = useForm<FormValues, unknown, Body>({
    resolver: resolverFor(user),
    defaultValues: {
      nome: user.nome,
      role: user.rawType,
      cpf: user.cpf ? formatCpf(user.cpf) : '',
      matricula: user.matricula ?? '',
      funcao: user.funcao ?? '',
      admissao: user.admissao,
    },
  });
  const { control, register } = form;
  const { errors } = form.formState;
  const role = useWatch({ control, name: 'role' });
  const self = user.id === actorId;
  const titles = assignableRoleTitles(actorRole, user.rawType);
  const roleLocked = self || titles.length === 1;

  const submit = form.handleSubmit((body) => {
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    update.mutate({ id: user.id, body }, { onSuccess: onClose });
  });

  return (
    <FormModal
      opened
      onClose={onClose}
      title="Editar usuário"
      submitLabel="Salvar"
      loading={update.isPending}
      onSubmit={submit}
    >
      <Text size="sm" c="dimmed">
        {user.email}
      </Text>
      <TextInput
        label="Nome"
        maxLength={textMaxLength(updateUserBody, 'nome')}
        {...register('nome')}
        error={errors.nome?.message}
        required
        data-autofocus
      />
      <FormSelect
        control={control}
        name="role"
        label="Papel"
        data={titles}
        searchable
        allowDeselect={false}
        disabled={roleLocked}
        description={
          self
            ? 'Você não pode alterar o próprio papel.'
            : roleLocked
              ? 'Somente a TI ou a diretoria podem alterar o papel desta conta.'
              : `Permissões de ${ROLE_LABELS[normalizeRole(role) ?? 'equipe']}.`
        }
        comboboxProps={{ withinPortal: true }}
      />
      <Text size="sm" fw={600} mt="xs">
        Registro funcional (ficha de EPI)
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="CPF"
          maxLength={textMaxLength(updateUserBody, 'cpf')}
          {...register('cpf', {
            onBlur: () => {
              const cpf = form.getValues('cpf');
              if (isValidCpf(cpf)) form.setValue('cpf', formatCpf(cpf));
            },
          })}
          error={errors.cpf?.message}
          inputMode="numeric"
          placeholder="000.000.000-00"
          autoComplete="off"
        />
        <TextInput
          label="Matrícula"
          maxLength={textMaxLength(updateUserBody, 'matricula')}
          {...register('matricula')}
          error={errors.matricula?.message}
        />
        <TextInput
          label="Função"
          maxLength={textMaxLength(updateUserBody, 'funcao')}
          {...register('funcao')}
          error={errors.funcao?.message}
        />
        <FormDateField control={control} name="admissao" label="Admissão" clearable />
      </SimpleGrid>
    </FormModal>
  );
}

/**
 * Edit a user's name, role (raw titles such as "Diretor de Operações" kept as chosen) and
 * employment record (CPF, matrícula, função, admissão) printed on the ficha de EPI, checked by
 * the domain's updateUserBody.
 */
export function EditUserModal(props: Props) {
  return props.user && <EditUserForm key={props.user.id} {...props} user={props.user} />;
}
