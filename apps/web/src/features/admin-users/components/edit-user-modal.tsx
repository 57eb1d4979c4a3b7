import type { AdminUser, Role } from '@eproto/domain';
import {
  assignableRoleTitles,
  formatCpf,
  isValidCpf,
  normalizeRole,
  ROLE_LABELS,
  updateUserBody,
  textMaxLength,
} from '@eproto/domain';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import { DateField, INVALID_DATE } from '../../../components/date-field.tsx';

import { useUpdateUser } from '../api/update-user.ts';
import { TextInput } from '../../../components/text-fields.tsx';

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
  const [cpf, setCpf] = useState(user.cpf ? formatCpf(user.cpf) : '');
  const [matricula, setMatricula] = useState(user.matricula ?? '');
  const [funcao, setFuncao] = useState(user.funcao ?? '');
  const [admissao, setAdmissao] = useState<string | null>(user.admissao);
  const self = user.id === actorId;
  const titles = assignableRoleTitles(actorRole, user.rawType);
  const roleLocked = self || titles.length === 1;
  const nameError = nome.trim().length < 2 ? 'Informe o nome completo.' : null;
  const cpfDigits = cpf.replace(/\D/g, '');
  const cpfError = cpf.trim() && !isValidCpf(cpf) ? 'CPF inválido: confira os 11 dígitos.' : null;
  const changed = (now: string, before: string | null) => (now.trim() || null) !== before;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (nameError || cpfError || admissao === INVALID_DATE) return;
    const body = {
      ...(nome.trim() !== user.nome && { nome: nome.trim() }),
      ...(role !== user.rawType && { role }),
      ...((cpfDigits || null) !== user.cpf && { cpf: cpfDigits || null }),
      ...(changed(matricula, user.matricula) && { matricula: matricula.trim() || null }),
      ...(changed(funcao, user.funcao) && { funcao: funcao.trim() || null }),
      ...(admissao !== user.admissao && { admissao }),
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
          maxLength={textMaxLength(updateUserBody, 'nome')}
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
        <Text size="sm" fw={600} mt="xs">
          Registro funcional (ficha de EPI)
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="CPF"
            value={cpf}
            maxLength={textMaxLength(updateUserBody, 'cpf')}
            onChange={(e) => setCpf(e.currentTarget.value)}
            onBlur={() => isValidCpf(cpf) && setCpf(formatCpf(cpf))}
            error={cpfError}
            inputMode="numeric"
            placeholder="000.000.000-00"
            autoComplete="off"
          />
          <TextInput
            label="Matrícula"
            value={matricula}
            onChange={(e) => setMatricula(e.currentTarget.value)}
            maxLength={40}
          />
          <TextInput
            label="Função"
            value={funcao}
            onChange={(e) => setFuncao(e.currentTarget.value)}
            maxLength={80}
          />
          <DateField label="Admissão" value={admissao} onChange={setAdmissao} clearable />
        </SimpleGrid>
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

/**
 * Edit a user's name, role (raw titles such as "Diretor de Operações" kept as chosen) and
 * employment record (CPF, matrícula, função, admissão) printed on the ficha de EPI.
 */
export function EditUserModal(props: Props) {
  return (
    <Modal opened={props.user !== null} onClose={props.onClose} title="Editar usuário">
      {props.user && <EditUserForm key={props.user.id} {...props} user={props.user} />}
    </Modal>
  );
}
