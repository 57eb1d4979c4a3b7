import type { AdminUser, Role } from '@eproto/domain';
import { assignableRoleTitles, normalizeRole, ROLE_LABELS } from '@eproto/domain';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

import { useUpdateUser } from '../api/update-user.ts';

interface Props {
  user: AdminUser | null;
  actorId: number;
  actorRole: Role;
  onClose: () => void;
}

function EditUserForm({ user, actorId, actorRole, onClose }: Props & { user: AdminUser }) {
  const update = useUpdateUser();
  const [nome, setNome] = useState(user.nome);
  const [role, setRole] = useState(user.rawType);
  const self = user.id === actorId;
  const titles = assignableRoleTitles(actorRole, user.rawType);
  const roleLocked = self || titles.length === 1;
  const nameError = nome.trim().length < 2 ? 'Informe o nome completo.' : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (nameError) return;
    const body = {
      ...(nome.trim() !== user.nome && { nome: nome.trim() }),
      ...(role !== user.rawType && { role }),
    };
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    update.mutate({ id: user.id, body }, { onSuccess: onClose });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {user.email}
        </Text>
        <TextInput
          label="Nome"
          value={nome}
          onChange={(e) => setNome(e.currentTarget.value)}
          error={nome !== user.nome ? nameError : null}
          required
          data-autofocus
        />
        <Select
          label="Papel"
          data={titles}
          value={role}
          onChange={(v) => v && setRole(v)}
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
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={update.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Edit a user's name and role (raw titles such as "Diretor de Operações" kept as chosen). */
export function EditUserModal(props: Props) {
  return (
    <Modal opened={props.user !== null} onClose={props.onClose} title="Editar usuário">
      {props.user && <EditUserForm key={props.user.id} {...props} user={props.user} />}
    </Modal>
  );
}
