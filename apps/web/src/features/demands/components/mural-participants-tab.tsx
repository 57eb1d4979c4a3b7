import type { Mural } from '@eproto/domain';
import { ActionIcon, Avatar, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconUserMinus, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';

import { formatDate } from '../../../lib/dates.ts';
import { useAddMuralParticipant } from '../api/add-mural-participant.ts';
import { useMuralParticipants } from '../api/get-mural-participants.ts';
import { useRemoveMuralParticipant } from '../api/remove-mural-participant.ts';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { UserSelect } from './user-pickers.tsx';

/** Participantes: who follows the demand; gestores and the responsável add and remove. */
export function MuralParticipantsTab({ mural }: { mural: Mural }) {
  const list = useMuralParticipants(mural.id);
  const add = useAddMuralParticipant(mural.id);
  const remove = useRemoveMuralParticipant(mural.id);
  const [picked, setPicked] = useState<number | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const manage = mural.permissions.manage_participants;
  const ids = (list.data ?? []).map((p) => p.user_id);

  const submit = () => {
    if (picked === null) return;
    add.mutate(
      { id: mural.id, userId: picked },
      {
        onSuccess: () => {
          setPicked(null);
          setPickerKey((k) => k + 1);
        },
      },
    );
  };

  const confirmRemove = (userId: number, nome: string) =>
    modals.openConfirmModal({
      title: 'Remover participante',
      children: `${nome} deixará de acompanhar esta demanda e de receber avisos dela.`,
      labels: { confirm: 'Remover', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate({ id: mural.id, userId }),
    });

  return (
    <Stack gap="md">
      {manage && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <div style={{ flex: '1 1 260px' }}>
            <UserSelect
              key={pickerKey}
              label="Adicionar participante"
              value={picked}
              onChange={(id) => setPicked(id)}
              excludeIds={ids}
            />
          </div>
          <Button
            leftSection={<IconUserPlus size={16} />}
            onClick={submit}
            disabled={picked === null}
            loading={add.isPending}
          >
            Adicionar
          </Button>
        </Group>
      )}
      {list.isPending ? (
        <ListLoading rows={3} height={48} />
      ) : list.isError ? (
        <ListError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <ListEmpty
          icon={<IconUsers size={24} />}
          title="Nenhum participante"
          hint="Participantes veem a demanda, conversam nela e recebem avisos."
        />
      ) : (
        <Stack gap="xs" aria-label="Participantes">
          {list.data.map((p) => (
            <Paper key={p.user_id} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <Avatar src={p.user.avatar} name={p.user.nome} color="initials" radius="xl" />
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate="end">
                      {p.user.nome}
                      {p.user_id === mural.responsavel_id && (
                        <Text span size="xs" c="dimmed" fw={400}>
                          {' '}
                          · responsável
                        </Text>
                      )}
                    </Text>
                    <Text size="xs" c="dimmed" truncate="end">
                      {p.user.rawType} · desde {formatDate(p.added_at)}
                    </Text>
                  </div>
                </Group>
                {manage && (
                  <Tooltip label="Remover">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => confirmRemove(p.user_id, p.user.nome)}
                      aria-label={`Remover ${p.user.nome}`}
                    >
                      <IconUserMinus size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
