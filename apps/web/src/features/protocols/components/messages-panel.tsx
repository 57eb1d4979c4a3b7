import type { Protocol } from '@eproto/domain';
import { Avatar, Button, Group, MultiSelect, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconMessages, IconSend2 } from '@tabler/icons-react';
import { useState } from 'react';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useMentionables } from '../api/get-mentionables.ts';
import { useProtocolMessages } from '../api/get-protocol-messages.ts';
import { usePostProtocolMessage } from '../api/post-protocol-message.ts';

/** Conversation of a task; people picked (or written as "@Nome") are notified. */
export function MessagesPanel({ task }: { task: Protocol }) {
  const messages = useProtocolMessages(task.id);
  const people = useMentionables(task.mural_id);
  const post = usePostProtocolMessage(task.id);
  const [texto, setTexto] = useState('');
  const [notify, setNotify] = useState<string[]>([]);
  const byId = new Map((people.data ?? []).map((p) => [p.id, p.nome]));

  const send = () => {
    const text = texto.trim();
    if (!text) return;
    post.mutate(
      { texto: text, mentions: notify.map(Number) },
      {
        onSuccess: () => {
          setTexto('');
          setNotify([]);
        },
      },
    );
  };

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
        <Stack gap="xs">
          <Textarea
            aria-label="Mensagem"
            placeholder="Escreva uma mensagem… (Ctrl+Enter envia)"
            autosize
            minRows={2}
            maxRows={8}
            maxLength={5000}
            value={texto}
            onChange={(e) => setTexto(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                send();
              }
            }}
          />
          <Group gap="xs" align="flex-end" wrap="wrap">
            <MultiSelect
              aria-label="Avisar pessoas"
              placeholder={notify.length ? undefined : 'Avisar pessoas (opcional)'}
              data={(people.data ?? []).map((p) => ({ value: String(p.id), label: p.nome }))}
              value={notify}
              onChange={setNotify}
              searchable
              clearable
              nothingFoundMessage="Ninguém encontrado"
              flex="1 1 220px"
            />
            <Button
              leftSection={<IconSend2 size={16} />}
              onClick={send}
              loading={post.isPending}
              disabled={texto.trim() === ''}
            >
              Enviar
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
