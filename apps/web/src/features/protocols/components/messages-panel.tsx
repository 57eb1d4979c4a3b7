import type { Protocol } from '@eproto/domain';
import { Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { MentionComposer } from '../../../components/mention-composer.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useSession } from '../../../lib/session.ts';
import { useMentionables } from '../api/get-mentionables.ts';
import { useProtocolMessages } from '../api/get-protocol-messages.ts';
import { usePostProtocolMessage } from '../api/post-protocol-message.ts';

/** Conversation of a task; people mentioned as "@Nome" are notified. */
export function MessagesPanel({ task }: { task: Protocol }) {
  const messages = useProtocolMessages(task.id);
  const people = useMentionables(task.mural_id);
  const post = usePostProtocolMessage(task.id);
  const me = useSession().user?.id;
  const byId = new Map((people.data ?? []).map((p) => [p.id, p.nome]));

  return (
    <Stack gap="md">
      {messages.isPending ? (
        <ListLoading rows={3} />
      ) : messages.isError ? (
        <ListError message={messages.error.message} onRetry={() => void messages.refetch()} />
      ) : messages.data.length === 0 ? (
        <ListEmpty
          icon={<IconMessages size={24} />}
          title="Nenhuma mensagem ainda"
          hint="Combine detalhes da tarefa com a equipe. Use @Nome para avisar alguém."
        />
      ) : (
        <Stack gap="sm" data-testid="protocol-messages">
          {messages.data.map((m) => (
            <Group key={m.id} align="flex-start" wrap="nowrap" gap="sm">
              <Avatar
                src={m.author_avatar}
                name={m.author_nome ?? '?'}
                color="initials"
                size={32}
              />
              <Paper withBorder radius="md" p="xs" style={{ flex: 1, minWidth: 0 }}>
                <Group justify="space-between" gap="xs">
                  <Text size="sm" fw={600}>
                    {m.author_nome ?? 'Usuário removido'}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(m.created_at)}
                  </Text>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {m.texto}
                </Text>
                {m.mentions.length > 0 && (
                  <Text size="xs" c="dimmed" mt={4}>
                    Avisou: {m.mentions.map((id) => byId.get(id) ?? `#${id}`).join(', ')}
                  </Text>
                )}
              </Paper>
            </Group>
          ))}
        </Stack>
      )}
      {task.permissions.message && (
        <MentionComposer
          people={(people.data ?? []).filter((p) => p.id !== me)}
          sending={post.isPending}
          onSend={(texto, mentions) => post.mutateAsync({ texto, mentions })}
        />
      )}
    </Stack>
  );
}
